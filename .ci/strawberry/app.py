"""A GraphQL Relay connection served by strawberry (PyPI strawberry-graphql) on uvicorn, for
PagingHTTP's tests of `HTTPPagingStrategy.graphQLConnection`: `notes(first:, after:)` over
N notes (n = 1...N, default 300), with `edges { node }`, `nodes` and `pageInfo`, and
`failingNotes`, which answers HTTP 200 with `"data": null` and a GraphQL error.

    python app.py PORT [N]    serves POST /graphql on 127.0.0.1:PORT (PORT 0: a free one;
                              uvicorn prints "Uvicorn running on http://127.0.0.1:PORT")
"""
import sys
from typing import Iterable

import strawberry
import uvicorn
from strawberry import relay
from strawberry.asgi import GraphQL

port = int(sys.argv[1])
count = int(sys.argv[2]) if len(sys.argv) > 2 else 300


@strawberry.type
class Note(relay.Node):
    key: relay.NodeID[int]
    n: int
    title: str


@strawberry.type
class NoteConnection(relay.ListConnection[Note]):
    @strawberry.field
    def nodes(self) -> list[Note]:
        return [edge.node for edge in self.edges]


NOTES = [Note(key=n, n=n, title=f"note {n}") for n in range(1, count + 1)]


@strawberry.type
class Query:
    @relay.connection(NoteConnection)
    def notes(self) -> Iterable[Note]:
        return NOTES

    @relay.connection(NoteConnection)
    def failing_notes(self, token: str) -> Iterable[Note]:
        raise ValueError(f"no access: see https://{token}@example.com/x?key={token}")


app = GraphQL(strawberry.Schema(query=Query), graphql_ide=None)
uvicorn.run(app, host="127.0.0.1", port=port, log_level="info", access_log=False)
