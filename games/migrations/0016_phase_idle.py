from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_phase_slots"),
    ]

    operations = [
        migrations.AddField(
            model_name="phase",
            name="idle",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
