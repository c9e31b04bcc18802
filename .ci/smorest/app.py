"""A flask-smorest API (PyPI flask-smorest) over N notes (n = 1...N, default 300), for
PagingHTTP's tests of totals and next pages read from response headers: `GET /notes/` pages
with `page` and `page_size` (at most 50, flask-smorest's default cap is 100) and answers a bare
JSON array with the `X-Pagination` header flask-smorest writes
(`{"total": 300, "total_pages": 6, "first_page": 1, "last_page": 6, "page": 1, "next_page": 2}`).
`GET /2k/notes/` is `/notes/` over 2,000 notes of its own, whatever N (the latency bench's
parallel pages). `GET /counted/` is the N notes with `X-Total-Count`, `X-Total-Pages` and `X-Next-Page`
(empty on the last page) as GitLab-style APIs send them.

    python app.py PORT [N]    serves on 127.0.0.1:PORT (PORT 0: a free one) and prints
                              "running on http://127.0.0.1:PORT " once it listens
"""
import sys
from wsgiref.simple_server import WSGIRequestHandler, make_server

import marshmallow as ma
from flask import Flask, request
from flask.views import MethodView
from flask_smorest import Api, Blueprint, Page

port = int(sys.argv[1])
count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
NOTES = [{"id": n, "n": n, "title": f"note {n}"} for n in range(1, count + 1)]
NOTES_2K = [{"id": n, "n": n, "title": f"note {n}"} for n in range(1, 2001)]

app = Flask(__name__)
app.config.update(
    API_TITLE="notes", API_VERSION="1", OPENAPI_VERSION="3.0.2", PAGINATION_MAX_PAGE_SIZE=50)
api = Api(app)
blp = Blueprint("notes", __name__)


class NoteSchema(ma.Schema):
    id = ma.fields.Int()
    n = ma.fields.Int()
    title = ma.fields.Str()


@blp.route("/notes/")
class Notes(MethodView):
    @blp.response(200, NoteSchema(many=True))
    @blp.paginate(Page, page_size=20, max_page_size=50)
    def get(self):
        return NOTES


@blp.route("/2k/notes/")
class TwoThousandNotes(MethodView):
    @blp.response(200, NoteSchema(many=True))
    @blp.paginate(Page, page_size=20, max_page_size=50)
    def get(self):
        return NOTES_2K


@app.route("/counted/")
def counted():
    page = int(request.args.get("page", 1))
    size = min(int(request.args.get("per_page", 20)), 50)
    pages = (len(NOTES) + size - 1) // size
    rows = NOTES[(page - 1) * size:page * size]
    headers = {"X-Total-Count": str(len(NOTES)), "X-Total-Pages": str(pages),
               "X-Next-Page": str(page + 1) if page < pages else ""}
    return app.response_class(app.json.dumps(rows), mimetype="application/json", headers=headers)


api.register_blueprint(blp)


class Quiet(WSGIRequestHandler):
    def log_message(self, *args):
        pass


server = make_server("127.0.0.1", port, app, handler_class=Quiet)
print(f"running on http://127.0.0.1:{server.server_port} ", file=sys.stderr, flush=True)
server.serve_forever()
