"""Store the derived rows (``Phase.slots``, ``idle``, ``votes``) of the
open phases of running games opened before these were kept, once, so that
no page has to work them out (a GET never writes)."""

from django.db import migrations


def fill_stored_rows(apps, schema_editor) -> None:
    """Every open phase of a running game missing one of its stored rows
    gets them from the rules (``games.flow.phases.store_slots``)."""
    historical = apps.get_model("games", "Phase")
    missing = historical.objects.filter(resolved_at__isnull=True, game__status="running").filter(
        slots__isnull=True
    ) | historical.objects.filter(resolved_at__isnull=True, game__status="running", idle__isnull=True)
    missing = missing | historical.objects.filter(
        resolved_at__isnull=True, game__status="running", kind="day", votes__isnull=True
    )
    ids = list(missing.values_list("pk", flat=True).distinct())
    if not ids:
        return
    # The rules engine's rows are worked out by the site's own code, as a
    # transition stores them.
    from games.flow.phases import store_slots
    from games.models import Phase

    for phase in Phase.objects.filter(pk__in=ids).select_related("game"):
        store_slots(phase.game, phase)


class Migration(migrations.Migration):
    dependencies = [("games", "0017_phase_votes")]

    operations = [migrations.RunPython(fill_stored_rows, migrations.RunPython.noop)]
