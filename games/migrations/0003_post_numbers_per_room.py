"""Posts are numbered in their room (1, 2, 3 …); existing posts get their
numbers in the order they were written."""

from django.db import migrations, models


def number_existing_posts(apps, schema_editor) -> None:
    Post = apps.get_model("games", "Post")
    numbers: dict[int, int] = {}
    changed = []
    for post in Post.objects.order_by("room_id", "id").only("id", "room_id").iterator():
        numbers[post.room_id] = numbers.get(post.room_id, 0) + 1
        post.number = numbers[post.room_id]
        changed.append(post)
    Post.objects.bulk_update(changed, ["number"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_deadline_failures"),
    ]

    operations = [
        migrations.AddField(
            model_name="post",
            name="number",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(number_existing_posts, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="post",
            constraint=models.UniqueConstraint(fields=("room", "number"), name="one_post_number_per_room"),
        ),
    ]
