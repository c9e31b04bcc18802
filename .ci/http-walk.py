#!/usr/bin/env python3
"""The yardsticks for paging-bench --http-walk: the same walk with Python `requests`.

  http-walk.py walk URL NEXT ITEMS [AUTHORIZATION]
      follow NEXT from URL with one requests.Session, parsing every page; prints the rows
  http-walk.py urls URL NEXT ITEMS [AUTHORIZATION]
      the same walk, printing each request (curl's list): its URL, then a tab and the body
      posted, if any

NEXT is what paging-bench's --http-strategy takes:
  DOTTED.PATH or next=DOTTED.PATH   a next URL in the body
  link                              the Link header (relative links resolved)
  links.next or jsonapi             JSON:API's links.next and media type
  header=NAME                       a next URL in the header NAME
  pages=SIZE_ITEM:SIZE:TOTAL.PAGES  page numbers, the page count at the body's path
  counted=SIZE_ITEM:SIZE:TOTAL      page numbers, the row count at the body's path
  xpagination=SIZE                  page numbers, the next page in X-Pagination
  graphql=FIELD:SIZE                a Relay connection, posted
ITEMS "" means the body is the array.
"""
import json
import sys
import time
import urllib.parse

import requests


def dig(body, dotted):
    for key in filter(None, dotted.split(".")):
        body = body.get(key) if isinstance(body, dict) else None
    return body


def with_query(url, **items):
    parts = urllib.parse.urlsplit(url)
    query = [(k, v) for k, v in urllib.parse.parse_qsl(parts.query) if k not in items]
    query += [(k, str(v)) for k, v in items.items()]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


def requests_of(session, url, next_spec, items_path, counted):
    """Yields (url, body) per request and sends it; counted(rows) gets each page's rows."""
    kind, _, argument = next_spec.partition("=")
    if not argument and kind not in ("link", "jsonapi", "links.next"):
        kind, argument = "next", next_spec
    if kind in ("jsonapi", "links.next"):
        kind, argument = "next", "links.next"
    if kind == "graphql":
        field, size = argument.split(":")
        query = ("query($first: Int!, $after: String) { %s(first: $first, after: $after) "
                 "{ edges { node { id } } pageInfo { hasNextPage endCursor } } }" % field)
        after = None
        while True:
            body = json.dumps({"query": query, "variables": {"first": int(size), "after": after}})
            yield url, body
            response = session.post(url, data=body, headers={"Content-Type": "application/json"})
            response.raise_for_status()
            connection = response.json()["data"][field]
            counted(len(connection["edges"]))
            if not connection["pageInfo"]["hasNextPage"]:
                return
            after = connection["pageInfo"]["endCursor"]
    if kind in ("pages", "counted", "xpagination"):
        if kind != "xpagination":
            size_item, size, total_path = argument.split(":")
        else:
            size_item, size, total_path = "page_size", argument, None
        page = 1
        while page:
            page_url = with_query(url, **{size_item: size, "page": page})
            yield page_url, None
            response = session.get(page_url)
            response.raise_for_status()
            body = response.json()
            counted(len(dig(body, items_path) or []))
            if kind == "counted":
                page = page + 1 if page * int(size) < (dig(body, total_path) or 0) else None
            elif total_path:
                page = page + 1 if page < (dig(body, total_path) or 0) else None
            else:
                page = json.loads(response.headers.get("X-Pagination", "{}")).get("next_page")
        return
    while url:
        yield url, None
        response = session.get(url)
        response.raise_for_status()
        body = response.json()
        counted(len(dig(body, items_path) or []))
        if kind == "link":
            following = response.links.get("next", {}).get("url")
        elif kind == "header":
            following = response.headers.get(argument)
        else:
            following = dig(body, argument)
        url = urllib.parse.urljoin(url, following) if following else None


def main():
    mode, url, next_spec, items_path = sys.argv[1:5]
    authorization = sys.argv[5] if len(sys.argv) > 5 else None
    jsonapi = next_spec in ("links.next", "jsonapi")
    session = requests.Session()
    session.headers["Accept"] = "application/vnd.api+json" if jsonapi else "application/json"
    if authorization:
        session.headers["Authorization"] = authorization
    rows = 0

    def counted(count):
        nonlocal rows
        rows += count

    start = time.monotonic()
    for page_url, body in requests_of(session, url, next_spec, items_path, counted):
        if mode == "urls":
            print(page_url if body is None else f"{page_url}\t{body}")
    seconds = time.monotonic() - start
    print(f"python walk: {rows} rows, {seconds:.3f} s", file=sys.stderr)


main()
