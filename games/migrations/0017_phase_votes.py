from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0016_phase_idle"),
    ]

    operations = [
        migrations.AddField(
            model_name="phase",
            name="votes",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
