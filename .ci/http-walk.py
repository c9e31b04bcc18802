#!/usr/bin/env python3
"""The yardsticks for paging-bench --http-walk: the same walk with Python `requests`.

  http-walk.py walk URL NEXT ITEMS     follow the body's NEXT (dotted) from URL with one
                                       requests.Session, parsing every page; prints the rows
  http-walk.py urls URL NEXT ITEMS     the same walk, printing each page's URL (curl's list)

NEXT "link" follows the Link header instead; ITEMS "" means the body is the array.
"""
import sys
import time

import requests


def dig(body, dotted):
    for key in filter(None, dotted.split(".")):
        body = body.get(key) if isinstance(body, dict) else None
    return body


def walk(url, next_path, items_path, accept):
    session = requests.Session()
    session.headers["Accept"] = accept
    rows = 0
    start = time.monotonic()
    while url:
        yield url
        response = session.get(url)
        response.raise_for_status()
        body = response.json()
        rows += len(dig(body, items_path) or [])
        if next_path == "link":
            url = response.links.get("next", {}).get("url")
        else:
            url = dig(body, next_path)
    seconds = time.monotonic() - start
    print(f"python walk: {rows} rows, {seconds:.3f} s", file=sys.stderr)


def main():
    mode, url, next_path, items_path = sys.argv[1:5]
    accept = "application/vnd.api+json" if next_path == "links.next" else "application/json"
    for page in walk(url, next_path, items_path, accept):
        if mode == "urls":
            print(page)


main()
