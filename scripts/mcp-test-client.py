"""Drives `lector mcp` for the tests (Tests/LectorCLITests/MCPServerTests.swift).

  sdk LECTOR [MODE]     the official MCP Python SDK (PyPI `mcp`): connect, list and call every
                        read tool, errors, resources, prompts, and no write tool without
                        --allow-write; prints a JSON report of what it saw. MODE is the SDK's:
                        auto (the default: server/discover, the stateless 2026-07-28 revision
                        when the server speaks it, else the initialize handshake) or legacy
                        (the handshake only)
  call LECTOR TOOL ARGS with --allow-write through the SDK: one tool call; prints
                        {"isError", "structured", "text"}
  raw LECTOR            a raw JSON-RPC pipe: malformed input answered with the right codes and the
                        process still serving, then a clean end on end of input and on SIGTERM;
                        then the stateless revision (2026-07-28) by hand: server/discover, the
                        per-request envelope and its errors, and the eras kept apart

Each mode exits 1 with one line saying what was wrong. The server inherits this process's
environment (the test's private HOME and keyring), which the SDK would otherwise narrow.
"""
import asyncio
import json
import os
import signal
import subprocess
import sys
import time

SERVER_WRITE_TOOLS = {"mark_articles", "label_articles", "mark_all_read", "add_feed", "remove_feed", "sync"}


def fail(message):
    print("mcp-test-client: " + message, file=sys.stderr)
    sys.exit(1)


def params(lector, *args):
    from mcp import StdioServerParameters
    return StdioServerParameters(command=lector, args=["mcp", *args], env=dict(os.environ))


async def sdk(lector, mode="auto"):
    from mcp import Client
    from mcp.shared.exceptions import MCPError
    report = {}
    async with Client(params(lector), read_timeout_seconds=60, mode=mode) as client:
        report["protocol"] = client.protocol_version
        report["server"] = client.server_info.name if client.server_info else None
        caps = client.server_capabilities
        report["capabilities"] = sorted(k for k in ("tools", "resources", "prompts") if getattr(caps, k, None) is not None)
        tools = (await client.list_tools()).tools
        report["tools"] = sorted(t.name for t in tools)
        for tool in tools:
            if tool.output_schema is None or tool.input_schema.get("type") != "object":
                fail(f"{tool.name} has no input or output schema")
        if SERVER_WRITE_TOOLS & set(report["tools"]):
            fail(f"write tools listed without --allow-write: {sorted(SERVER_WRITE_TOOLS & set(report['tools']))}")
        calls = {}

        async def call(name, arguments):
            result = await client.call_tool(name, arguments)
            calls.setdefault(name, []).append({"isError": result.is_error, "structured": result.structured_content,
                                               "text": result.content[0].text if result.content else ""})
            return result

        for name in ["list_accounts", "list_feeds", "list_folders", "list_rules", "list_labels", "list_saved_searches"]:
            result = await call(name, {})
            if result.is_error:
                fail(f"{name} failed: {result.content[0].text}")
        page = await call("list_articles", {"limit": 2})
        if page.is_error or len(page.structured_content["articles"]) != 2 or page.structured_content["next_offset"] != 2:
            fail(f"list_articles limit 2: {page}")
        second = await call("list_articles", {"limit": 2, "offset": 2})
        first_ids = [a["id"] for a in page.structured_content["articles"]]
        if any(a["id"] in first_ids for a in second.structured_content["articles"]):
            fail("the second page repeats the first")
        await call("list_articles", {"unread": True, "where": "title contains 'a'", "limit": 5})
        await call("search_articles", {"query": os.environ.get("MCP_TEST_WORD", "the"), "limit": 5})
        article_id = first_ids[0]
        await call("read_article", {"id": article_id, "max_chars": 300})
        await call("read_article", {"id": 999999999})
        await call("test_rule", {"expression": "title contains tide", "limit": 3})
        await call("list_articles", {"where": "title contains"})
        await call("list_articles", {"feed": "no such feed anywhere"})
        report["calls"] = calls
        errors = {}
        for label, name, arguments in [("unknown tool", "no_such_tool", {}), ("write tool", "mark_articles", {"action": "read", "ids": [article_id]}),
                                       ("wrong type", "list_articles", {"limit": "ten"}), ("out of bounds", "list_articles", {"limit": 100000}),
                                       ("unknown argument", "list_feeds", {"colour": "red"}), ("missing argument", "read_article", {})]:
            try:
                result = await client.call_tool(name, arguments)
                errors[label] = {"isError": result.is_error, "text": result.content[0].text if result.content else ""}
            except MCPError as error:
                errors[label] = {"code": error.error.code, "message": error.error.message}
        report["errors"] = errors
        resources = (await client.list_resources()).resources
        report["resources"] = sorted(str(r.uri) for r in resources)
        accounts = await client.read_resource("lector://accounts")
        report["accounts_resource"] = json.loads(accounts.contents[0].text)
        article = await client.read_resource(f"lector://article/{article_id}")
        report["article_resource"] = json.loads(article.contents[0].text)
        try:
            await client.read_resource("lector://nothing")
            report["missing_resource"] = None
        except MCPError as error:
            report["missing_resource"] = error.error.code
        report["prompts"] = [p.name for p in (await client.list_prompts()).prompts]
        prompt = await client.get_prompt("unread_digest", {"account": "Demo"})
        report["prompt_text"] = prompt.messages[0].content.text
        if mode == "legacy":
            await client.send_ping()  # ping left the protocol with the handshake (2026-07-28)
    print(json.dumps(report, indent=1, sort_keys=True))


async def call(lector, tool, arguments):
    from mcp import Client
    async with Client(params(lector, "--allow-write"), read_timeout_seconds=60) as client:
        if tool not in {t.name for t in (await client.list_tools()).tools}:
            fail(f"{tool} is not listed with --allow-write")
        result = await client.call_tool(tool, json.loads(arguments))
        print(json.dumps({"isError": result.is_error, "structured": result.structured_content,
                          "text": result.content[0].text if result.content else ""}, sort_keys=True))


def raw(lector):
    process = subprocess.Popen([lector, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def send(line):
        process.stdin.write(line if isinstance(line, bytes) else line.encode())
        process.stdin.write(b"\n")
        process.stdin.flush()

    def answer():
        line = process.stdout.readline()
        if not line:
            fail("the server ended instead of answering: " + process.stderr.read().decode(errors="replace")[-2000:])
        try:
            return json.loads(line)
        except ValueError:
            fail(f"stdout held something that is not a JSON-RPC message: {line[:200]!r}")

    seen = {}

    def expect(label, line, code, id_=None):
        send(line)
        message = answer()
        got = message.get("error", {}).get("code")
        seen[label] = got
        if got != code or message.get("id") != id_:
            fail(f"{label}: expected error {code} for id {id_}, got {message}")

    send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}))
    init = answer()
    if init.get("result", {}).get("protocolVersion") != "2025-06-18":
        fail(f"initialize did not agree on the client's revision: {init}")
    send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    expect("bad JSON", "{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": ", -32700)
    expect("not an object", "[1, 2, 3]", -32600)
    expect("no method", json.dumps({"jsonrpc": "2.0", "id": 3}), -32600, 3)
    expect("wrong version", json.dumps({"jsonrpc": "1.0", "id": 4, "method": "ping"}), -32600, 4)
    expect("unknown method", json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/destroy"}), -32601, 5)
    expect("params not an object", json.dumps({"jsonrpc": "2.0", "id": 6, "method": "tools/list", "params": [1]}), -32602, 6)
    expect("name of the wrong type", json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": 12}}), -32602, 7)
    expect("argument of the wrong type", json.dumps({"jsonrpc": "2.0", "id": 8, "method": "tools/call",
                                                     "params": {"name": "read_article", "arguments": {"id": "seven"}}}), -32602, 8)
    expect("huge string argument", json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
                                               "params": {"name": "search_articles", "arguments": {"query": "x" * 500_000}}}), -32602, 9)
    expect("huge message", b'{"jsonrpc": "2.0", "id": 10, "method": "ping", "params": {"pad": "' + b"y" * 3_000_000 + b'"}}', -32600)
    expect("deep nesting", "[" * 100_000 + "]" * 100_000, -32700)
    expect("invalid UTF-8", b'{"jsonrpc": "2.0", "id": 11, "method": "\xff\xfe"}', -32700)
    expect("write tool without --allow-write", json.dumps({"jsonrpc": "2.0", "id": 12, "method": "tools/call",
                                                           "params": {"name": "mark_articles", "arguments": {"action": "read", "ids": [1]}}}), -32602, 12)
    expect("fractional id", json.dumps({"jsonrpc": "2.0", "id": 1.5, "method": "ping"}), -32600)
    # Still serving after all that.
    send(json.dumps({"jsonrpc": "2.0", "id": 13, "method": "tools/list"}))
    listed = answer()
    if listed.get("id") != 13 or not listed.get("result", {}).get("tools"):
        fail(f"not serving after the malformed input: {listed}")
    send(json.dumps({"jsonrpc": "2.0", "id": 14, "method": "tools/call", "params": {"name": "list_accounts"}}))
    if answer().get("result", {}).get("isError") is not False:
        fail("list_accounts failed after the malformed input")
    # End of input: the process ends, exit status 0, nothing more on stdout.
    process.stdin.close()
    status = process.wait(timeout=10)
    rest = process.stdout.read()
    if status != 0 or rest:
        fail(f"end of input: exit {status}, stdout left {rest[:200]!r}")
    # SIGTERM while waiting for input: the same clean end.
    second = subprocess.Popen([lector, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    second.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}).encode() + b"\n")
    second.stdin.flush()
    if json.loads(second.stdout.readline()).get("result") != {}:
        fail("ping")
    second.send_signal(signal.SIGTERM)
    status = second.wait(timeout=10)
    second.stdin.close()
    if status != 0:
        fail(f"SIGTERM: exit {status}")
    stateless(lector, seen)
    print(json.dumps({"errors": seen, "eof_status": 0, "sigterm_status": status}, sort_keys=True))


def stateless(lector, seen):
    """The 2026-07-28 revision by hand: no handshake, the revision and the client's capabilities in
    every request's _meta, server/discover, the stamped results, and the eras kept apart."""
    version_key, capabilities_key = "io.modelcontextprotocol/protocolVersion", "io.modelcontextprotocol/clientCapabilities"
    envelope = {version_key: "2026-07-28", capabilities_key: {}, "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}}
    process = subprocess.Popen([lector, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def exchange(id_, method, params=None, meta=envelope):
        body = dict(params or {})
        if meta is not None:
            body["_meta"] = meta
        process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": id_, "method": method, "params": body}).encode() + b"\n")
        process.stdin.flush()
        line = process.stdout.readline()
        if not line:
            fail("stateless: the server ended instead of answering: " + process.stderr.read().decode(errors="replace")[-2000:])
        message = json.loads(line)
        if message.get("id") != id_:
            fail(f"stateless: an answer for another id: {message}")
        return message

    def expect_error(label, code, *args, **kwargs):
        message = exchange(*args, **kwargs)
        got = message.get("error", {}).get("code")
        seen["stateless: " + label] = got
        if got != code:
            fail(f"stateless: {label}: expected error {code}, got {message}")
        return message["error"]

    def expect_result(label, *args, **kwargs):
        message = exchange(*args, **kwargs)
        result = message.get("result")
        if result is None or result.get("resultType") != "complete" \
                or result.get("_meta", {}).get("io.modelcontextprotocol/serverInfo", {}).get("name") != "lector":
            fail(f"stateless: {label}: not a stamped complete result: {message}")
        return result

    # A revision the server does not speak: -32022 naming the one it does; that decides nothing yet.
    error = expect_error("unsupported revision", -32022, 1, "server/discover", meta={**envelope, version_key: "2099-01-01"})
    if error.get("data") != {"supported": ["2026-07-28"], "requested": "2099-01-01"}:
        fail(f"stateless: -32022 must name the supported revisions: {error}")
    discovered = expect_result("discover", 2, "server/discover")
    if discovered.get("supportedVersions") != ["2026-07-28"] or "tools" not in discovered.get("capabilities", {}) \
            or discovered.get("cacheScope") != "private" or not isinstance(discovered.get("ttlMs"), int) or not discovered.get("instructions"):
        fail(f"stateless: server/discover: {discovered}")
    listed = expect_result("tools/list", 3, "tools/list")
    if not listed.get("tools") or listed.get("cacheScope") != "private" or "ttlMs" not in listed:
        fail(f"stateless: tools/list: {listed}")
    called = expect_result("tools/call", 4, "tools/call", {"name": "list_accounts", "arguments": {}})
    if called.get("isError") is not False or "accounts" not in called.get("structuredContent", {}):
        fail(f"stateless: tools/call: {called}")
    read = expect_result("resources/read", 5, "resources/read", {"uri": "lector://accounts"})
    if read.get("ttlMs") != 0 or read.get("cacheScope") != "private" or not read.get("contents"):
        fail(f"stateless: resources/read: {read}")
    expect_error("missing resource", -32602, 6, "resources/read", {"uri": "lector://nothing"})
    expect_error("no capabilities", -32602, 7, "tools/list", meta={version_key: "2026-07-28"})
    expect_error("no envelope", -32602, 8, "tools/list", meta=None)
    expect_error("revision not a string", -32602, 9, "tools/list", meta={**envelope, version_key: 20260728})
    expect_error("ping (gone in 2026-07-28)", -32601, 10, "ping")
    expect_error("unsupported revision later", -32022, 11, "tools/list", meta={**envelope, version_key: "2025-11-25"})
    error = expect_error("initialize on a stateless connection", -32022, 12, "initialize",
                         {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}, meta=None)
    if error.get("data", {}).get("supported") != ["2026-07-28"]:
        fail(f"stateless: initialize: {error}")
    expect_result("still serving", 13, "tools/call", {"name": "list_feeds", "arguments": {}})
    process.stdin.close()
    if process.wait(timeout=10) != 0:
        fail("stateless: end of input: not 0")

    # A connection that began with the handshake refuses the envelope, and answers as before.
    legacy = subprocess.Popen([lector, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process = legacy
    init = exchange(1, "initialize", {"protocolVersion": "2026-07-28", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}, meta=None)
    if init.get("result", {}).get("protocolVersion") != "2025-11-25" or "resultType" in init.get("result", {}):
        fail(f"initialize asking for the stateless revision gets the newest handshake one: {init}")
    expect_error("envelope on a handshake connection", -32600, 2, "tools/list")
    if "resultType" in exchange(3, "tools/list", meta=None).get("result", {"resultType": 1}):
        fail("a handshake-era result has no resultType")
    legacy.stdin.close()
    if legacy.wait(timeout=10) != 0:
        fail("handshake connection: end of input: not 0")


def main():
    if len(sys.argv) < 3:
        fail("usage: mcp-test-client.py sdk LECTOR [auto|legacy] | raw LECTOR | call LECTOR TOOL JSON")
    mode, lector = sys.argv[1], sys.argv[2]
    if mode == "sdk" and len(sys.argv) in (3, 4):
        asyncio.run(sdk(lector, sys.argv[3] if len(sys.argv) == 4 else "auto"))
    elif mode == "call" and len(sys.argv) == 5:
        asyncio.run(call(lector, sys.argv[3], sys.argv[4]))
    elif mode == "raw":
        raw(lector)
    else:
        fail(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
