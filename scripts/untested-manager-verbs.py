#!/usr/bin/env python3
"""Issue 40 item 6, measured from the source: every public func of `AccountManager` (the class
and all its extensions under Sources/) and whether any file in Tests/LectorAccountsTests calls it.

A verb counts as tested when some test file in Tests/LectorAccountsTests contains `.NAME(` (a call
on a manager, possibly after a line break). Overloads share a name and count once.
Usage: scripts/untested-manager-verbs.py [repo-root]   (prints the table and the untested count)
"""
import os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
opener = re.compile(r'^\s*(public\s+)?(final\s+)?(class|extension)\s+AccountManager\b[^{]*\{')
public_func = re.compile(r'^\s*(?:@\w+\s+)*public\s+(?:static\s+)?func\s+([A-Za-z_]\w*)')

verbs = {}  # name -> first file defining it
for dirpath, _, files in os.walk(os.path.join(root, 'Sources')):
    for name in sorted(files):
        if not name.endswith('.swift'):
            continue
        path = os.path.join(dirpath, name)
        depth, inside = 0, False
        for line in open(path, encoding='utf-8'):
            code = re.sub(r'//.*', '', re.sub(r'"(?:[^"\\]|\\.)*"', '""', line))
            if not inside and opener.match(code):
                inside, depth = True, 0
            if inside:
                if depth == 1:
                    match = public_func.match(code)
                    if match:
                        verbs.setdefault(match.group(1), os.path.relpath(path, root))
                depth += code.count('{') - code.count('}')
                if depth <= 0 and ('{' in code or '}' in code):
                    inside = False  # the body's closing brace

tests_dir = os.path.join(root, 'Tests', 'LectorAccountsTests')
tests = ''
for dirpath, _, files in os.walk(tests_dir):
    for name in files:
        if name.endswith('.swift'):
            tests += open(os.path.join(dirpath, name), encoding='utf-8').read()

untested = 0
for name, path in sorted(verbs.items(), key=lambda item: (item[1], item[0])):
    called = re.search(r'\.\s*' + re.escape(name) + r'\s*\(', tests) is not None
    untested += not called
    print(f"{'tested  ' if called else 'UNTESTED'}  {name:32} {path}")
print(f"public AccountManager verbs: {len(verbs)}; with no test in LectorAccountsTests: {untested}")
