"""A single-file Django REST framework app over a SQLite table of 300 notes (n = 1...300), for
PagingHTTP's tests: page numbers, limit/offset and cursors, in the body and (with
drf-link-header-pagination) in a GitHub-style Link header. Page sizes above 50 are capped.
`big/pages/` and `big/offsets/` page a second table of 100,000 notes (n = 1...100000) with
their count, for the tests of jumps in a counted list; `2k/pages/` and `2k/offsets/` its first
2,000, for the speed of parallel pages (`.ci/http-bench.py --delay-ms`).

    python app.py DB PORT [--big]   migrates, seeds and serves on 127.0.0.1:PORT (prints
                                    "running on http://127.0.0.1:PORT " once it listens);
                                    --big seeds the 100,000 notes too (a few seconds), which
                                    the fault tests' own servers skip
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
database, port = sys.argv[1], int(sys.argv[2])
seeds_big = "--big" in sys.argv[3:]

import django
from django.conf import settings

settings.configure(
    DEBUG=False, ALLOWED_HOSTS=["127.0.0.1", "localhost"], ROOT_URLCONF=__name__, SECRET_KEY="paging-tests",
    INSTALLED_APPS=["django.contrib.contenttypes", "rest_framework", "notes"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": database}},
    REST_FRAMEWORK={"UNAUTHENTICATED_USER": None, "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]},
    USE_TZ=True,
)
django.setup()

from django.core.management import call_command
from django.db import connection
from django.urls import path
from drf_link_header_pagination import LinkHeaderPagination
from rest_framework import generics, pagination, serializers

from notes.models import BigNote, Note


class NoteSerializer(serializers.ModelSerializer):
    class Meta:
        model = Note
        fields = ["id", "n", "title"]


class Pages(pagination.PageNumberPagination):
    page_size, page_size_query_param, max_page_size = 20, "page_size", 50


class Offsets(pagination.LimitOffsetPagination):
    default_limit, max_limit = 20, 50


class Cursors(pagination.CursorPagination):
    page_size, page_size_query_param, max_page_size, ordering = 20, "page_size", 50, "n"


class LinkPages(LinkHeaderPagination):
    page_size, page_size_query_param, max_page_size = 20, "page_size", 50


class BigNoteSerializer(serializers.ModelSerializer):
    class Meta:
        model = BigNote
        fields = ["id", "n", "title"]


def view(paginator, model=Note, serializer=NoteSerializer, most=None):
    rows = model.objects.order_by("n")
    if most is not None:
        rows = rows.filter(n__lte=most)
    return generics.ListAPIView.as_view(
        queryset=rows, serializer_class=serializer, pagination_class=paginator)


urlpatterns = [
    path("pages/", view(Pages)), path("offsets/", view(Offsets)), path("cursors/", view(Cursors)),
    path("links/", view(LinkPages)),
    path("big/pages/", view(Pages, BigNote, BigNoteSerializer)),
    path("big/offsets/", view(Offsets, BigNote, BigNoteSerializer)),
    path("2k/pages/", view(Pages, BigNote, BigNoteSerializer, most=2000)),
    path("2k/offsets/", view(Offsets, BigNote, BigNoteSerializer, most=2000)),
]

with connection.schema_editor() as editor:
    tables = connection.introspection.table_names()
    if "notes_note" not in tables:
        editor.create_model(Note)
    if "notes_bignote" not in tables:
        editor.create_model(BigNote)
if not Note.objects.exists():
    Note.objects.bulk_create(Note(n=n, title=f"note {n}") for n in range(1, 301))
if seeds_big and not BigNote.objects.exists():
    BigNote.objects.bulk_create(
        (BigNote(n=n, title=f"note {n}") for n in range(1, 100_001)), batch_size=5_000)

from wsgiref.simple_server import WSGIRequestHandler, make_server
from django.core.wsgi import get_wsgi_application


class Quiet(WSGIRequestHandler):
    def log_message(self, *args):
        pass


server = make_server("127.0.0.1", port, get_wsgi_application(), handler_class=Quiet)
print(f"DRF running on http://127.0.0.1:{server.server_port} ", file=sys.stderr, flush=True)
server.serve_forever()
