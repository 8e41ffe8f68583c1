#!/usr/bin/env python3
"""Reads the XUnit files of a test run (swift test --xunit-output) and prints what they record.

    test-results.py counts FILE...    "PASSED FAILED SKIPPED TESTS" on one line
    test-results.py failures FILE...  each failed test, with the messages it recorded

The runner's console lines are no record: the test binary writes them into a pipe to SwiftPM
that a child process of a test can leave non-blocking, and then a full pipe drops them (a local
run lost the result lines of 62 tests that passed). The XUnit file is written by the runner
itself, at the end.
"""
import sys
import xml.etree.ElementTree as ElementTree


def cases(paths):
    for path in paths:
        try:
            root = ElementTree.parse(path).getroot()
        except (OSError, ElementTree.ParseError) as error:
            print(f"unreadable test results {path}: {error}", file=sys.stderr)
            continue
        yield from root.iter("testcase")


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("counts", "failures"):
        print(__doc__, file=sys.stderr)
        return 64
    what, paths = sys.argv[1], sys.argv[2:]
    passed = failed = skipped = 0
    for case in cases(paths):
        failures = case.findall("failure") + case.findall("error")
        if failures:
            failed += 1
            if what == "failures":
                print(f"✘ {case.get('classname')}.{case.get('name')}")
                for failure in failures[:5]:
                    text = (failure.get("message") or failure.text or "").strip()
                    for line in text.splitlines()[:8]:
                        print(f"    {line[:300]}")
                if len(failures) > 5:
                    print(f"    … and {len(failures) - 5} more")
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    if what == "counts":
        print(passed, failed, skipped, passed + failed + skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
