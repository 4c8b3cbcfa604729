"""Choices are addressed by an opaque id in cabinet links."""

from django.db import migrations, models

import games.models


def give_public_ids(apps, schema_editor) -> None:
    Action = apps.get_model("games", "Action")
    for action in Action.objects.filter(public_id__isnull=True).only("id").iterator():
        action.public_id = games.models.public_id()
        action.save(update_fields=["public_id"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_game_cohosts"),
    ]

    operations = [
        migrations.AddField(
            model_name="action",
            name="public_id",
            field=models.SlugField(max_length=20, null=True, db_index=False),
        ),
        migrations.RunPython(give_public_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="action",
            name="public_id",
            field=models.SlugField(default=games.models.public_id, max_length=20, unique=True),
        ),
    ]
