#!/usr/bin/env python3
"""Issue 40's "Done when" figures, measured from the source, one pattern each.

Usage: scripts/service-metrics.py [repo-root] [--list]
  --list  also prints where each figure's matches are (file:line), to see what was counted.

Product code is Sources/ minus the test support, the bench and the two probes. "Code" is the text
with comments and string literals taken out, so a doc comment or a message naming a service does
not count; the LectorStore figure is the exception (it counts any line, comments too: the store
should not know the servers at all), with Schema.swift's v1 text (the kind CHECK) aside.

A service folder is a folder of Sources/LectorSync that holds a service descriptor (a file
`*Service.swift` declaring a type conforming to `AccountService`); before the descriptors existed
the five folders named after the services (Miniflux, GReader, Fever, Feedbin, Local) count as such.

Measured by this script, before (051c0ca, main when issue 40's descriptors started) and after
the descriptors (branch desc):
  figure                                                              before  after
  product files outside the service folders naming a specific service   29      8
  lines naming Miniflux or FreshRSS in LectorStore (v1 schema aside)    61      0
  kind ==/!= and provider-nil branches                                  16      0
  exhaustive switches over AccountKind                                   8      1
  capability dynamic casts                                               4      0
  ways to ask "local?"                                                   4      1
  store writes from LectorCLI                                           13     13   (item 4, not this step)
  routes that star an article (files calling the store's setStarred)     5      5   (item 4)
  facades the CLI reaches                                                2      2   (item 4)
  public AccountManager verbs with no test in LectorAccountsTests        0      0
  files holding an exhaustive switch over AccountKind                    7      1
After the fold (branch fold, issue 40 item 4): facades the CLI reaches 2 -> 1 (AccountAdministrator
lives in LectorAccounts, reached through AccountManager verbs); routes that star an article 4 -> 1
(AccountManager.mark, rule actions, the administrator and the local starred archive all star through
ArticleStateChanges.mark, the mark verb's store half); the other figures as they were.
The 8 files after: the kind list and the registry; four that make a local account by its kind
(AccountManager+Lifecycle, ProvisionalLocalAccount, DemoLibrary) or decide by it in the store
(ArticleStateChanges); FreshRSS's OPML namespace (LectorFeeds) and the manual's example backup.
Before, the `.kind` pattern skipped `AccountKind.x` (a word before the dot); the after column
counts it, so the before figure is if anything low.
(The issue's own figures differ where its patterns were narrower: it counted 11 files and 19
store lines; these are this script's patterns, comments included for the store.)
"""
import os, re, subprocess, sys

root = next((a for a in sys.argv[1:] if not a.startswith('--')),
            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
listing = '--list' in sys.argv
sources = os.path.join(root, 'Sources')
NOT_PRODUCT = ('LectorTestSupport', 'lector-bench', 'http-probe', 'keyring-probe')
SERVICE_WORDS = r'(?:miniflux|greader|freshrss|fever|feedbin|ttrss|tinytinyrss)'
KINDS = r'(?:freshrss|miniflux|fever|feedbin|local|ttrss)'


def strip(text):
    """The code without comments and string literals (their quotes kept, the lines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * text.count('\n', i, j))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + '\n' * text.count('\n', i, j))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == '\\' else 1
            out.append('""')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return ''.join(out)


def swift_files(base):
    for dirpath, _, files in os.walk(base):
        for name in sorted(files):
            if name.endswith('.swift'):
                yield os.path.join(dirpath, name)


def product_files():
    for path in swift_files(sources):
        parts = os.path.relpath(path, sources).split(os.sep)
        if parts[0] not in NOT_PRODUCT:
            yield path


code_cache = {}


def code(path):
    if path not in code_cache:
        code_cache[path] = strip(open(path, encoding='utf-8').read())
    return code_cache[path]


def service_folders():
    sync = os.path.join(sources, 'LectorSync')
    found = set()
    for path in swift_files(sync):
        if path.endswith('Service.swift') and re.search(r':\s*AccountService\b', code(path)):
            found.add(os.path.dirname(path))
    if not found:
        found = {os.path.join(sync, name) for name in ('Miniflux', 'GReader', 'Fever', 'Feedbin', 'Local')}
    return found


def matches(pattern, paths, flags=0):
    """(path, line number, line) of every code line matching."""
    regex = re.compile(pattern, flags)
    hits = []
    for path in paths:
        for number, line in enumerate(code(path).split('\n'), 1):
            if regex.search(line):
                hits.append((path, number, line.strip()))
    return hits


figures = []


def figure(name, hits, count=None, show=None):
    figures.append((name, len(hits) if count is None else count))
    if listing:
        print(f'## {name}')
        for hit in (show if show is not None else hits):
            print('  ' + (f'{os.path.relpath(hit[0], root)}:{hit[1]}: {hit[2][:150]}' if isinstance(hit, tuple) else hit))


folders = service_folders()
product = list(product_files())
outside = [p for p in product if not any(p.startswith(f + os.sep) for f in folders)]

# 1. Product files outside the service folders whose code names a specific service: a service's
#    name in an identifier (MinifluxProvider, FeedSettingMap.freshRSS) or an AccountKind case.
naming = matches(r'(?i)\b\w*' + SERVICE_WORDS + r'\w*\b', outside) + \
    matches(r'(?<![/~])\.' + KINDS + r'\b(?!\s*\()', outside)
named_files = sorted({hit[0] for hit in naming})
figure('product files outside the service folders naming a specific service', named_files,
       show=[os.path.relpath(p, root) for p in named_files])

# 2. Lines naming Miniflux or FreshRSS in LectorStore, comments included; v1's kind CHECK aside.
store_lines = []
for path in swift_files(os.path.join(sources, 'LectorStore')):
    for number, line in enumerate(open(path, encoding='utf-8'), 1):
        if re.search(r'(?i)miniflux|freshrss', line) and not (path.endswith('/Schema.swift') and 'CHECK (kind IN' in line):
            store_lines.append((path, number, line.strip()))
figure('lines naming Miniflux or FreshRSS in LectorStore (v1 schema aside)', store_lines)

# 3. Branches on one kind (`kind == .x`, `kind != .x`) and on whether there is a provider.
branches = matches(r'\bkind\s*[!=]=\s*\.' + KINDS + r'\b|[!=]=\s*\.' + KINDS + r'\b.*\bkind\b', product) + \
    matches(r'\bprovider\s*[!=]=\s*nil|\bif let provider\b|\bguard let provider\b|\(any SyncProvider\)\?', product)
figure('kind ==/!= and provider-nil branches', branches)

# 4. Exhaustive switches over AccountKind: a switch with two or more AccountKind cases and no default.
switches = []
for path in product:
    text = code(path)
    for match in re.finditer(r'\bswitch\b[^{\n]*\{', text):
        depth, j = 1, match.end()
        while j < len(text) and depth:
            depth += {'{': 1, '}': -1}.get(text[j], 0)
            j += 1
        body = text[match.end():j]
        cases = set(re.findall(r'\bcase\s+[^:]*', body))
        kinds = set(re.findall(r'\.(' + KINDS[3:-1] + r')\b(?!\s*\()', ' '.join(cases)))
        if len(kinds) >= 2 and not re.search(r'\bdefault\s*:', body):
            switches.append((path, text.count('\n', 0, match.start()) + 1, match.group(0)))
figure('exhaustive switches over AccountKind', switches)

# 5. Capability dynamic casts: a provider or service cast to a protocol or a concrete provider.
casts = matches(r'\b(as[?!]|is)\s+(any\s+\w+|\w+Provider\b)', product)
figure('capability dynamic casts', casts)

# 6. Ways to ask "is it local?": each name counts once when used anywhere in product code.
ways = {
    'hasServer': r'\bhasServer\b',
    'changesOnlyTheStore': r'\bchangesOnlyTheStore\b',
    'fetchesFeedsHere': r'\bfetchesFeedsHere\b',
    'kind == .local': r'\bkind\s*[!=]=\s*\.local\b',
    'isLocal': r'\bisLocal\b',
}
way_hits = {name: matches(pattern, product) for name, pattern in ways.items()}
used = [name for name, hits in way_hits.items() if hits]
figure('ways to ask "local?"', used, show=[f'{name}: {len(way_hits[name])} lines' for name in used])

# 7. Store writes from LectorCLI: a table's mutating call on the store, or a transaction.
cli = list(swift_files(os.path.join(sources, 'LectorCLI')))
writes = matches(r'\bstore(\(\))?\.(write\s*[({]|\w+\.(set\w*|save\w*|insert\w*|upsert\w*|remove\w*|delete\w*|add\w*|'
                 r'rename\w*|update\w*|move\w*|clear\w*|mark\w*|record\w*)\s*\()', cli)
figure('store writes from LectorCLI', writes)

# 8. Routes that star an article in the store: each file that calls the store's setStarred is a
#    route of its own; the mark verb's store half (`ArticleStateChanges.mark`, which
#    `AccountManager.mark` calls) is one route, however many callers go through it.
star = matches(r'\bstates\.setStarred\s*\(|\bsetStarred\(\s*articleIDs', [p for p in product if '/ArticleStateChanges.swift' not in p])
star_files = sorted({hit[0] for hit in star})
through_mark = sorted({hit[0] for hit in matches(r'\bstates\.mark\s*\(', product)})
star_routes = [os.path.relpath(p, root) for p in star_files]
if through_mark:
    star_routes.append('ArticleStateChanges.mark (the mark verb\'s), called from: '
                       + ', '.join(os.path.relpath(p, root) for p in through_mark))
figure('routes that star an article (files calling the store\'s setStarred; the mark verb\'s route)', star_routes)

# 9. Façades the CLI reaches: the account core's entry types named in LectorCLI code.
facades = [name for name in ('AccountManager', 'AccountAdministrator') if matches(r'\b' + name + r'\b', cli)]
figure('facades the CLI reaches', facades, show=facades)

# 10. Public AccountManager verbs with no test in LectorAccountsTests (scripts/untested-manager-verbs.py).
verbs_script = os.path.join(root, 'scripts', 'untested-manager-verbs.py')
untested = None
if os.path.exists(verbs_script):
    out = subprocess.run([sys.executable, verbs_script, root], capture_output=True, text=True).stdout
    found = re.search(r'with no test in LectorAccountsTests: (\d+)', out)
    untested = int(found.group(1)) if found else None
figures.append(('public AccountManager verbs with no test in LectorAccountsTests', untested if untested is not None else 'n/a'))

# 11. What a new kind must touch outside its own folder: files naming an AccountKind case
#     (other than the kind's own raw-value list) in an exhaustive switch — the registry alone.
figures.append(('files holding an exhaustive switch over AccountKind', len({hit[0] for hit in switches})))

width = max(len(name) for name, _ in figures)
for name, value in figures:
    print(f'{name:<{width}}  {value}')
