from django.db import models


class Note(models.Model):
    n = models.IntegerField(unique=True)
    title = models.TextField()

    class Meta:
        app_label = "notes"
        ordering = ["n"]
