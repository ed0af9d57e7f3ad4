#!/usr/bin/env python3
"""Drives `venues mcp` (stdio) or `venues serve`'s /mcp (HTTP) with the official MCP client
(PyPI `mcp`, which no one here wrote) and checks what an assistant would see: the tools and
their schemas, every tool called, the answers against the CLI's JSON (stdio) or the REST
routes' (HTTP) for the same query, bad arguments refused in words while the session goes on, a
provider's failure as a partial answer, two clients at once, no key in any message; over HTTP
also a revoked token and a token over its rate limit.

Run by Tests/VenuesServerTests/MCPClientTests.swift with the interpreter that
scripts/install-mcp-client installs into .build/mcp-client. Prints one line per check; exits 1
on the first failed one, with what was seen.

    mcp-client-check.py stdio --venues PATH --near LAT,LON --term TERM --failing fsq
        [--providers osm,google] [--secret S]…
    mcp-client-check.py http --url URL --token T --revoked-token T --limited-token T
        --near LAT,LON --term TERM --failing fsq [--providers osm,google] [--secret S]…
"""

import argparse
import contextlib
import json
import os
import subprocess
import sys

import anyio
import httpx2 as httpx
import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

TOOLS = {"nearby", "search", "place", "favorites_list", "favorite_add", "favorite_remove", "providers", "hours"}
# How long any one exchange may take before the check fails instead of hanging.
LIMIT = 120


class CheckFailed(Exception):
    pass


def check(condition, what, seen=None):
    if not condition:
        raise CheckFailed(what + ("" if seen is None else f"\n  seen: {str(seen)[:2000]}"))


class Seen:
    """Every text the client received, to look for keys in."""

    def __init__(self, secrets):
        self.secrets = [s for s in secrets if s]
        self.texts = []

    def keep(self, result):
        for item in result.content:
            self.texts.append(getattr(item, "text", ""))
        if result.structured_content is not None:
            self.texts.append(json.dumps(result.structured_content))

    def check_no_secret(self):
        for text in self.texts:
            for secret in self.secrets:
                check(secret not in text, "a key appeared in a tool's answer", text)


def summary(document):
    """What must agree between two listings of one query: the venues in order (id, name,
    distance, sources) and each provider's status."""
    venues = [
        (v["id"], v["name"], v.get("distance"), tuple(s["id"] for s in v.get("sources", [])))
        for v in document.get("venues", [])
    ]
    providers = sorted((p["provider"], p["status"]) for p in document.get("providers", []))
    return venues, providers


async def call(session, seen, name, arguments):
    with anyio.fail_after(LIMIT):
        result = await session.call_tool(name, arguments)
    seen.keep(result)
    return result


async def expect_answer(session, seen, name, arguments):
    result = await call(session, seen, name, arguments)
    check(not result.is_error, f"{name} {arguments} answered with an error", result.content)
    check(isinstance(result.structured_content, dict), f"{name} gave no structured answer", result)
    check(result.content and result.content[0].text.strip(), f"{name} gave no text", result)
    return result


async def expect_refusal(session, seen, name, arguments, words):
    result = await call(session, seen, name, arguments)
    text = " ".join(getattr(item, "text", "") for item in result.content)
    check(result.is_error, f"{name} {arguments} was not refused", text)
    check(words in text, f"{name} {arguments}: the refusal does not say '{words}'", text)
    print(f"ok: {name} {json.dumps(arguments)} refused: {text}")


def listing_arguments(args, **extra):
    latitude, longitude = (float(x) for x in args.near.split(","))
    return {"latitude": latitude, "longitude": longitude, "radius": 400, "limit": 40, **extra}


async def scenario(session, seen, args, reference):
    """Every tool, as an assistant would call them; `reference(kind, arguments)` is the same
    query's answer by other means (the CLI's JSON, or the REST route's)."""
    with anyio.fail_after(LIMIT):
        initialized = await session.initialize()
    check(initialized.server_info.name == "venues", "the server is not venues", initialized.server_info)
    check(initialized.capabilities.tools is not None, "the server does not offer tools", initialized.capabilities)

    with anyio.fail_after(LIMIT):
        listed = await session.list_tools()
    names = {tool.name for tool in listed.tools}
    check(names == TOOLS, "the tools are not the eight of docs/mcp.md", names)
    for tool in listed.tools:
        jsonschema.Draft202012Validator.check_schema(tool.input_schema)
        check(tool.input_schema.get("type") == "object", f"{tool.name}'s input schema is not an object")
        if tool.output_schema is not None:
            jsonschema.Draft202012Validator.check_schema(tool.output_schema)
        check(tool.description and len(tool.description) > 40, f"{tool.name} has no useful description")
    print(f"ok: {len(names)} tools, every schema a valid JSON Schema")

    providers = args.providers.split(",")
    nearby_arguments = listing_arguments(args, providers=providers)
    nearby = await expect_answer(session, seen, "nearby", nearby_arguments)
    venues = nearby.structured_content["venues"]
    check(len(venues) > 0, "nearby found nothing", nearby.structured_content)
    sources = {s["id"].split(":")[0] for v in venues for s in v["sources"]}
    check(sources == set(providers), f"nearby's venues are not from {providers}",
          (sources, nearby.structured_content["providers"]))
    check(all(v["id"] and "distance" in v and v["sources"] for v in venues), "a venue lacks its id, distance or sources")
    expected = reference("nearby", nearby_arguments)
    check(summary(nearby.structured_content) == summary(expected), "nearby differs from the reference",
          (summary(nearby.structured_content), summary(expected)))
    check(venues[0]["name"] in nearby.content[0].text, "the text does not name the first venue", nearby.content[0].text)
    check(nearby.structured_content["attribution"], "no attribution", nearby.structured_content)
    print(f"ok: nearby: {len(venues)} venues, as the reference lists them")

    search_arguments = listing_arguments(args, term=args.term, providers=providers)
    search = await expect_answer(session, seen, "search", search_arguments)
    check(search.structured_content["venues"], "search found nothing", search.structured_content)
    expected = reference("search", search_arguments)
    check(summary(search.structured_content) == summary(expected), "search differs from the reference",
          (summary(search.structured_content), summary(expected)))
    print(f"ok: search {args.term!r}: {len(search.structured_content['venues'])} venues, as the reference")

    partial = await expect_answer(session, seen, "nearby", listing_arguments(args, providers=providers + [args.failing]))
    statuses = {p["provider"]: p["status"] for p in partial.structured_content["providers"]}
    check(all(statuses.get(p) == "ok" for p in providers) and statuses.get(args.failing) not in (None, "ok"),
          "a failing provider is not a partial answer", partial.structured_content["providers"])
    check(partial.structured_content["venues"], "the failing provider hid the others' venues")
    check(args.failing in partial.content[0].text, "the text does not say which provider failed", partial.content[0].text)
    print(f"ok: {args.failing} failing: a partial answer that says so ({statuses[args.failing]})")

    # An OpenStreetMap venue: the extract answers a lookup of any id (the Google fake's details
    # route answers one fixed place).
    first = next(v for v in venues if v["id"].startswith("osm:"))
    place = await expect_answer(session, seen, "place", {"id": first["id"], "timeout": 30})
    check(place.structured_content["id"] == first["id"] and place.structured_content["name"] == first["name"],
          "place is not the venue asked for", place.structured_content)
    print(f"ok: place {first['id']}: {first['name']}")

    added = await expect_answer(session, seen, "favorite_add", {"id": first["id"], "note": "lunch on Fridays"})
    check(added.structured_content["change"] == "added", "favorite_add did not add", added.structured_content)
    listed_favorites = await expect_answer(session, seen, "favorites_list", {})
    favorites = listed_favorites.structured_content["venues"]
    check([f["id"] for f in favorites] == [first["id"]], "the favourite is not listed", favorites)
    check(favorites[0].get("note") == "lunch on Fridays", "the note was not kept", favorites[0])
    own = reference("favorites", {})
    check([f["id"] for f in own["venues"]] == [first["id"]],
          "the favourite is not among the caller's own favourites as the CLI or REST lists them", own)
    marked = await expect_answer(session, seen, "nearby", nearby_arguments)
    check(any(v["favorite"] for v in marked.structured_content["venues"] if v["id"] == first["id"]),
          "a listing does not flag the favourite")
    removed = await expect_answer(session, seen, "favorite_remove", {"id": first["id"]})
    check(removed.structured_content["change"] == "removed", "favorite_remove did not remove", removed.structured_content)
    empty = await expect_answer(session, seen, "favorites_list", {})
    check(empty.structured_content["venues"] == [], "the favourite is still listed", empty.structured_content)
    print("ok: favorite_add, favorites_list, the flag in a listing, favorite_remove")

    provider_list = await expect_answer(session, seen, "providers", {})
    usable = {p["id"]: p["usable"] for p in provider_list.structured_content["providers"]}
    check(usable.get("osm") is True, "osm is not usable", provider_list.structured_content)
    print(f"ok: providers: {usable}")

    hours_arguments = {"value": "Mo-Fr 09:00-17:00; PH off", "at": "2026-12-02T10:00", "latitude": 60.17,
                       "longitude": 24.94}
    hours = await expect_answer(session, seen, "hours", hours_arguments)
    check(hours.structured_content["state"] == "open", "hours is not open on a Wednesday morning", hours.structured_content)
    check(hours.structured_content["nextChange"] == "2026-12-02T17:00:00+02:00", "the next change is wrong",
          hours.structured_content)
    check(hours.structured_content == reference("hours", hours_arguments), "hours differs from the reference")
    print(f"ok: hours: {hours.content[0].text}")

    await expect_refusal(session, seen, "nearby", listing_arguments(args, latitude=91), "latitude 91 is out of range")
    await expect_refusal(session, seen, "nearby", listing_arguments(args, radius=-5), "radius -5 is out of range")
    await expect_refusal(session, seen, "nearby", listing_arguments(args, categories=["sushy"]), "sushy")
    await expect_refusal(session, seen, "nearby", listing_arguments(args, open_at="25:99"), "open_at")
    await expect_refusal(session, seen, "search", listing_arguments(args), "term is required")
    await expect_refusal(session, seen, "place", {"id": "nonsense"}, "id")
    await expect_refusal(session, seen, "nearby", {"wheelchair": True}, "takes no argument 'wheelchair'")
    try:
        with anyio.fail_after(LIMIT):
            await session.call_tool("teleport", {})
        check(False, "an unknown tool was answered")
    except MCPError as error:
        check("teleport" in str(error), "the unknown tool's error does not name it", error)
        print(f"ok: an unknown tool is a protocol error: {error}")

    again = await expect_answer(session, seen, "nearby", nearby_arguments)
    check(summary(again.structured_content)[0] == summary(nearby.structured_content)[0],
          "the session did not go on after the errors")
    print("ok: the session goes on after refusals and errors")


async def two_at_once(open_session, args, reference, seen):
    """Two clients at once, each listing and searching: both answered, as the reference."""
    results = {}

    async def client(number):
        async with open_session() as session:
            with anyio.fail_after(LIMIT):
                await session.initialize()
            providers = args.providers.split(",")
            arguments = listing_arguments(args, term=args.term, providers=providers)
            results[number] = [
                await expect_answer(session, seen, "nearby", listing_arguments(args, providers=providers)),
                await expect_answer(session, seen, "search", arguments),
            ]

    async with anyio.create_task_group() as group:
        group.start_soon(client, 1)
        group.start_soon(client, 2)
    expected = summary(reference("search", listing_arguments(args, term=args.term, providers=args.providers.split(","))))
    for number in (1, 2):
        check(summary(results[number][1].structured_content) == expected, f"client {number}'s search differs")
    print("ok: two clients at once, both answered as the reference")


# MARK: stdio


def cli_reference(args):
    def reference(kind, arguments):
        if kind == "favorites":
            command = [args.venues, "favorites", "list", "--format", "json"]
        elif kind == "hours":
            command = [args.venues, "hours", arguments["value"], "--at", arguments["at"], "--near",
                       f"{arguments['latitude']},{arguments['longitude']}", "--format", "json"]
        else:
            command = [args.venues, kind] + ([arguments["term"]] if kind == "search" else []) + [
                "--near", f"{arguments['latitude']},{arguments['longitude']}", "--radius", str(arguments["radius"]),
                "--limit", str(arguments["limit"]), "--providers", ",".join(arguments["providers"]),
                "--format", "json"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=LIMIT)
        check(done.returncode == 0, f"{' '.join(command)} failed", done.stderr)
        return json.loads(done.stdout)

    return reference


@contextlib.asynccontextmanager
async def stdio_session(args):
    parameters = StdioServerParameters(command=args.venues, args=["mcp"], env=dict(os.environ))
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            yield session


async def run_stdio(args):
    seen = Seen(args.secret)
    reference = cli_reference(args)
    async with stdio_session(args) as session:
        await scenario(session, seen, args, reference)
    await two_at_once(lambda: stdio_session(args), args, reference, seen)
    seen.check_no_secret()
    print("ok: no key in any answer")


# MARK: HTTP


@contextlib.asynccontextmanager
async def http_session(url, token, statuses=None):
    """A session with `token`; the HTTP status of every answer is added to `statuses` (the
    client itself reports a refused request only as "Server returned an error response")."""

    async def record(response):
        if statuses is not None:
            statuses.append(response.status_code)

    async with httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=LIMIT,
                                 event_hooks={"response": [record]}) as client:
        async with streamable_http_client(url, http_client=client) as (read, write):
            async with ClientSession(read, write) as session:
                yield session


def rest_reference(args):
    base = args.url.rsplit("/mcp", 1)[0]

    def reference(kind, arguments):
        if kind == "hours":
            # The server has no REST route for one value: the CLI's answer is the reference.
            return cli_reference(args)(kind, arguments)
        if kind == "favorites":
            answer = httpx.get(f"{base}/v1/favorites", headers={"Authorization": f"Bearer {args.token}"}, timeout=LIMIT)
            check(answer.status_code == 200, f"GET /v1/favorites answered {answer.status_code}", answer.text)
            return answer.json()
        query = {"near": f"{arguments['latitude']},{arguments['longitude']}", "radius": arguments["radius"],
                 "limit": arguments["limit"], "providers": ",".join(arguments["providers"])}
        if kind == "search":
            query["term"] = arguments["term"]
        answer = httpx.get(f"{base}/v1/{kind}", params=query, headers={"Authorization": f"Bearer {args.token}"},
                           timeout=LIMIT)
        check(answer.status_code == 200, f"GET /v1/{kind} answered {answer.status_code}", answer.text)
        return answer.json()

    return reference


async def refused(url, token, calls):
    """Up to `calls` calls of `providers` with `token`: the HTTP statuses the server answered
    and whether the client saw an error (it must, and never hang)."""
    statuses = []
    failed = False
    try:
        with anyio.fail_after(LIMIT):
            async with http_session(url, token, statuses) as session:
                await session.initialize()
                for _ in range(calls):
                    await session.call_tool("providers", {})
    except TimeoutError:
        raise CheckFailed(f"the client hung on a refused token (statuses {statuses})")
    except Exception:  # an MCPError, or an exception group holding one
        failed = True
    return statuses, failed


async def run_http(args):
    seen = Seen(args.secret + [args.token, args.revoked_token, args.limited_token])
    reference = rest_reference(args)
    async with http_session(args.url, args.token) as session:
        await scenario(session, seen, args, reference)
    await two_at_once(lambda: http_session(args.url, args.token), args, reference, seen)

    statuses, failed = await refused(args.url, args.revoked_token, 1)
    check(failed and 401 in statuses and 200 not in statuses, "a revoked token was served", statuses)
    print(f"ok: a revoked token is refused: {statuses}")

    statuses, failed = await refused(args.url, args.limited_token, args.limited_calls)
    check(failed and 429 in statuses, f"{args.limited_calls} calls with a token limited below that were all served",
          statuses)
    print(f"ok: a token over its rate limit is refused: {statuses}")

    answer = httpx.get(args.url, headers={"Authorization": f"Bearer {args.token}", "Accept": "text/event-stream"},
                       timeout=LIMIT)
    check(answer.status_code == 405, "GET /mcp is not 405", answer.status_code)
    print("ok: GET /mcp is 405")
    seen.check_no_secret()
    print("ok: no key or token in any answer")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["stdio", "http"])
    parser.add_argument("--venues", required=True)
    parser.add_argument("--url")
    parser.add_argument("--token")
    parser.add_argument("--revoked-token")
    parser.add_argument("--limited-token")
    parser.add_argument("--limited-calls", type=int, default=12)
    parser.add_argument("--near", required=True)
    parser.add_argument("--term", required=True)
    parser.add_argument("--failing", required=True)
    parser.add_argument("--providers", default="osm", help="the providers the listings are compared with")
    parser.add_argument("--secret", action="append", default=[])
    args = parser.parse_args()
    try:
        anyio.run(run_stdio if args.mode == "stdio" else run_http, args)
    except CheckFailed as failure:
        print(f"FAILED: {failure}")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
