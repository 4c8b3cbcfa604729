"""A finished game's summary in BBCode, made from its archive
(``games.reads.archive``) for a host to paste onto another forum: the
roles table, each day's and night's exits and published results (the
day's vote count among them), and the winner. Written in the game's
language (``games.languages.in_game_language``). Nothing here writes."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

import rulesets
from rulesets.core import RulesError, Ruleset

from .. import languages
from ..names import host_text, role_name, team_name
from ..results import winner_line


class _Game:
    """What ``languages.in_game_language`` reads of a game."""

    def __init__(self, archive: dict[str, Any]) -> None:
        self.language, self.ruleset = archive["game"]["language"], archive["game"]["ruleset"]


def _day_title(number: int | None) -> str:
    return _("Day %(n)s") % {"n": number if number is not None else "?"}


def _phase_title(phase: dict[str, Any]) -> str:
    """A phase as the summary heads it: "Day 2", "Night 1", "Day 2 · vote 2"."""
    if phase["kind"] == "day":
        title = _day_title(phase["number"])
    elif phase["kind"] == "night":
        title = _("Night %(n)s") % {"n": phase["number"]}
    else:
        title = _("Setup")
    if phase["vote_round"] > 1:
        title += " · " + _("lynch vote %(n)s") % {"n": phase["vote_round"]}
    return title


def archive_bbcode(archive: dict[str, Any]) -> str:
    """The BBCode summary of ``archive`` (a valid archive, ``game_archive``):
    a title line, a table of every seat (game nickname, role, team, when it
    left), one section per phase that was resolved (who left the game in
    it, with their roles, and the results post as published), and the
    winner's line."""
    with languages.in_game_language(_Game(archive)):
        return "\n".join(_lines(archive))


def _lines(archive: dict[str, Any]) -> list[str]:
    game = archive["game"]
    try:
        ruleset: Ruleset | None = rulesets.get(game["ruleset"])
    except RulesError:
        ruleset = None
    role = (lambda r: role_name(ruleset, r)) if ruleset else (lambda r: r)
    team = (lambda t: team_name(ruleset, t)) if ruleset else (lambda t: t)
    seats = [p for p in archive["players"] if p["status"] == "seated"]
    phases = {p["id"]: p for p in archive["phases"]}
    left_in: dict[str, str] = {}
    for resolution in archive["resolutions"]:
        phase = phases.get(resolution["deadline"]["phase"])
        for name in resolution["outcome"].get("out") or []:
            if phase is not None:
                left_in.setdefault(name, _phase_title(phase))
    host = host_text(ruleset, "Host") if ruleset else _("Host")
    lines = [f"[b]{game['title']}[/b]", f"{host}: {game['host']}", ""]
    lines.append("[table]")
    heads = (_("Player"), _("Role"), _("Team"), _("Left the game"))
    lines.append("[tr]" + "".join(f"[th]{head}[/th]" for head in heads) + "[/tr]")
    for seat in seats:
        left = "—" if seat["alive"] else left_in.get(seat["nickname"]) or _day_title(seat["exit_day"])
        dealt = ""
        if seat["original_role"] and seat["original_role"] != seat["role"]:
            dealt = " " + _("(dealt as %(role)s)") % {"role": role(seat["original_role"])}
        lines.append(
            f"[tr][td]{seat['nickname']}[/td][td]{role(seat['role'])}{dealt}[/td]"
            f"[td]{team(seat['team'])}[/td][td]{left}[/td][/tr]"
        )
    lines.append("[/table]")
    roles = {seat["nickname"]: role(seat["role"]) for seat in seats}
    for resolution in archive["resolutions"]:
        phase = phases.get(resolution["deadline"]["phase"])
        if phase is None or not (resolution["results"] or resolution["outcome"].get("out")):
            continue
        lines += ["", f"[u][b]{_phase_title(phase)}[/b][/u]"]
        out = resolution["outcome"].get("out") or []
        if out:
            names = ", ".join(f"{name} ({roles.get(name, '?')})" for name in out)
            lines.append(_("Left the game: %(names)s") % {"names": names})
        if resolution["results"]:
            lines.append(f"[quote]{resolution['results']}[/quote]")
    winner = archive["outcome"]["winner"]
    lines.append("")
    lines.append(
        winner_line(ruleset, winner) if ruleset else _("[b]The game is over: %(team)s win.[/b]") % {"team": winner}
    )
    return lines
