"""The host reads the rules engines' resolution trace in the host's
language (``games/trace_texts.py``): every sentence the five engines note
(``Outcome.note``) has a catalogue entry translated into Russian and
Simplified Chinese, its names, roles, teams and numbers put back in; the
rule ids (FORUM-034, WW18-022 …) stay, since the trace is where the host
reads them. A sentence the catalogue lacks is shown in English, marked so;
a new engine sentence without an entry fails the tests below."""

from __future__ import annotations

import ast
import html
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

import rulesets
from games.models import Resolution
from games.trace_texts import FRAGMENTS, RESULTS, SENTENCES, STEPS, match, trace_lines, trace_text
from rulesets.simulate import player_counts, random_game

from .pages import client_as
from .test_every_ruleset import hosted_game, play_to_the_end

RULESETS = Path(rulesets.__file__).resolve().parent
SEEDS = range(40)


def test_a_trace_sentence_reads_in_the_hosts_language() -> None:
    forum, piter, werewolf18 = rulesets.get("forum"), rulesets.get("piter"), rulesets.get("werewolf18")
    shot = "Mafia Two leaves the game: shot by team:mafia, Clyde (FORUM-034, FORUM-080; FORUM-036, FORUM-080)."
    with translation.override("ru"):
        # The team by its document name, the nested reason translated, the rule ids kept.
        assert trace_text(forum, shot) == (
            "Mafia Two покидает игру: убит выстрелом — Мафы, Clyde (FORUM-034, FORUM-080; FORUM-036, FORUM-080)."
        )
        # The role piter's engine names in English ("Doctor") by its Russian name.
        assert trace_text(piter, "Doctor Ann chose Bob: heal marked (PITER-051).") == (
            "Доктор Ann выбирает Bob: отмечено лечение (PITER-051)."
        )
        # "nobody" is the catalogue's own word, not a name.
        assert (
            trace_text(piter, "Nominated, in order: nobody (PITER-010).") == "Выдвинуты по порядку: никто (PITER-010)."
        )
        # A refusal's line is the sentence the player reads.
        assert trace_text(forum, "You cannot choose yourself.") == "Нельзя выбрать себя."
        # A refusal's reason id becomes that sentence too.
        assert trace_text(forum, "Ann's heal is refused: limit (FORUM-049, FORUM-053).") == (
            "Выбор «Лечение» (Ann) отклонён: Вы уже дважды выбирали этого игрока за игру (это предел) (FORUM-049, FORUM-053)."
        )
    with translation.override("zh-hans"):
        assert trace_text(werewolf18, "Seer Ann checks Bob: camp wolves (WW18-022).") == (
            "预言家 Ann 预言 Bob：阵营为狼人阵营（WW18-022）。"
        )
        assert trace_text(
            werewolf18, "Sheriff Ann: no successor named, so the badge goes at random (WW18-071); it goes to Bob."
        ) == ("警长 Ann：未指定继任者，警徽随机移交（WW18-071）；警徽归 Bob。")
        assert trace_text(forum, "Clyde (cop) skipped a move: 2 of 1 allowed (FORUM-160).") == (
            "Clyde（警长）跳过了一次行动：已跳过 2 次，允许 1 次（FORUM-160）。"
        )


def test_a_sentence_the_catalogue_lacks_stays_in_english_and_is_marked() -> None:
    forum = rulesets.get("forum")
    trace = [
        {"step": "shots", "result": "effect", "text": "Something no engine writes (FORUM-999)."},
        {"step": "eliminate", "result": "info", "text": "No single leader: nobody is voted out (FORUM-017)."},
    ]
    assert trace_text(forum, trace[0]["text"]) is None
    with translation.override("ru"):
        odd, known = trace_lines(forum, trace)
    assert (odd.english, odd.text, odd.step_word, odd.result_word) == (
        True,
        "Something no engine writes (FORUM-999).",
        "выстрелы",
        "срабатывает",
    )
    assert (known.english, known.step_word, known.result_word) == (False, "выбывание по голосованию", "к сведению")
    assert known.text == "Нет единственного лидера: по голосованию никто не выбывает (FORUM-017)."


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_sentence_of_the_engines_random_games_is_in_the_catalogue(ruleset_id: str) -> None:
    """The engines' random games (``rulesets.simulate``, as ``python -m
    rulesets bench`` plays them): every trace line is a catalogue entry,
    its step and result have words, and it reads in both languages."""
    ruleset = rulesets.get(ruleset_id)
    counts = player_counts(ruleset)
    missing: set[str] = set()
    lines: dict[str, dict[str, str]] = {}
    for seed in SEEDS:
        game = random_game(ruleset, counts[seed % len(counts)], seed=seed)
        for outcome in game.outcomes:
            for entry in outcome.trace:
                if match(entry.text) is None:
                    missing.add(entry.text)
                assert entry.step in STEPS, entry.step
                assert entry.result in RESULTS, entry.result
                lines.setdefault(entry.text, entry.to_dict())
    assert not missing, f"add these to games/trace_texts.py and translate them: {sorted(missing)[:20]}"
    for language in ("ru", "zh-hans"):
        with translation.override(language):
            shown = trace_lines(ruleset, list(lines.values()))
        assert not [line.text for line in shown if line.english]
        # No placeholder left unfilled, and the English sentence is gone.
        assert not [line.text for line in shown if "%(" in line.text or line.text in lines]


def _noted_texts() -> list[tuple[str, str]]:
    """(where, pattern) for every text the engines pass to ``note``: an
    f-string's literal parts, each ``{…}`` as ``.+``; a text built in a
    variable first is read from its assignments in the same function."""

    def pattern(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return re.escape(node.value)
        if isinstance(node, ast.JoinedStr):
            return "".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in node.values)
        return None

    found = []
    for path in sorted(RULESETS.rglob("*.py")):
        if path.name.startswith("_template"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            assigned: dict[str, list[ast.expr]] = {}
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    assigned.setdefault(node.targets[0].id, []).append(node.value)
            for node in ast.walk(function):
                if not (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "note"
                ):
                    continue
                if len(node.args) < 3:
                    continue
                text = node.args[2]
                values = assigned.get(text.id, []) if isinstance(text, ast.Name) else [text]
                for value in values:
                    built = pattern(value)
                    if built is not None:
                        found.append((f"{path.relative_to(RULESETS)}:{value.lineno}", built))
    return found


def test_every_sentence_the_engines_note_has_a_catalogue_entry() -> None:
    """Read from the engines' source, so a sentence the random games never
    reach (a penalty, a rare role) is covered too."""
    noted = _noted_texts()
    assert len(noted) > 150
    entries = SENTENCES + FRAGMENTS
    missing = [where for where, built in noted if not any(re.fullmatch(built, m, re.S) for m in entries)]
    assert not missing, f"sentences noted here have no entry in games/trace_texts.py: {missing}"


PHASES = [("forum", "two_sided", 9), ("piter", "", 10), ("classic", "", 9), ("cosmo", "", 10)]
PHASES += [("werewolf18", "", 18)]


@pytest.mark.parametrize(("ruleset_id", "variant", "n"), PHASES, ids=[r for r, _v, _n in PHASES])
def test_the_dashboard_shows_the_trace_in_russian_and_chinese(personas, make_user, ruleset_id, variant, n) -> None:
    """A game of each ruleset played through ``games.flow`` for its first
    phases: the host reading the site in Russian or Chinese reads every
    trace line in that language, none left in English."""
    game = hosted_game(personas["alice"], make_user, ruleset_id, variant, n, seed=11)
    play_to_the_end(game, random.Random(5), max_phases=3)
    traces = [r.outcome.get("trace", []) for r in Resolution.objects.filter(deadline__phase__game=game)]
    texts = [t["text"] for trace in traces for t in trace]
    assert texts, "no phase was resolved"
    assert not [t for t in texts if match(t) is None]
    host = client_as("alice")
    url = reverse("host", args=[game.slug])
    for language, word in (("ru", "к сведению|срабатывает"), ("zh-hans", "说明|生效")):
        host.post(reverse("set_language"), {"language": language, "next": "/"})
        page = host.get(url).content.decode()
        shown = re.findall(r'<ol class="trace">(.*?)</ol>', page, re.S)
        items = [item for block in shown for item in re.findall(r"<li [^>]*>(.*?)</li>", block, re.S)]
        assert len(items) == len(texts)
        assert 'lang="en"' not in "".join(shown)
        assert re.search(word, "".join(items))
        english = {t for t in texts if len(t) > 20}
        assert not [item for item in items if any(t in html.unescape(item) for t in english)]
