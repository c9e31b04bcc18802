from django.db import models


class Note(models.Model):
    n = models.IntegerField(unique=True)
    title = models.TextField()

    class Meta:
        app_label = "notes"
        ordering = ["n"]


class BigNote(models.Model):
    """The 100,000 notes of the `big/` lists, for the tests of jumps in a counted list."""

    n = models.IntegerField(unique=True)
    title = models.TextField()

    class Meta:
        app_label = "notes"
        ordering = ["n"]
