"""The host reads the rules engines' resolution trace in the host's
language (``games/trace_texts.py``): every line the five engines note
(``Outcome.note``) is a message code whose English template is translated
into Russian and Simplified Chinese, its names, roles, teams and numbers
put back in; the rule ids (FORUM-034, WW18-022 …) stay, since the trace is
where the host reads them. A line stored without a code is shown in
English, marked so."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

import rulesets
from games.models import Resolution
from games.results import announcement_line, outcome_json
from games.trace_texts import RESULTS, STEPS, said_text, trace_lines
from rulesets.core import Announcement, Outcome
from rulesets.core.said import TEMPLATES, Said, said
from rulesets.simulate import player_counts, random_game

from .pages import client_as
from .test_every_ruleset import hosted_game, play_to_the_end

RULESETS = Path(rulesets.__file__).resolve().parent
SEEDS = range(40)


def test_a_trace_sentence_reads_in_the_hosts_language() -> None:
    forum, piter, werewolf18 = rulesets.get("forum"), rulesets.get("piter"), rulesets.get("werewolf18")
    shot = said(
        "forum.leaves_game",
        player="Mafia Two",
        why=said("forum.shot", whos="team:mafia, Clyde", rule="FORUM-034, FORUM-080; FORUM-036, FORUM-080"),
    )
    assert shot.english() == (
        "Mafia Two leaves the game: shot by team:mafia, Clyde (FORUM-034, FORUM-080; FORUM-036, FORUM-080)."
    )
    with translation.override("ru"):
        # The team by its document name, the nested reason translated, the rule ids kept.
        assert said_text(forum, shot) == (
            "Mafia Two покидает игру: убит выстрелом — Мафы, Clyde (FORUM-034, FORUM-080; FORUM-036, FORUM-080)."
        )
        # The role piter's engine names in English ("Doctor") by its Russian name.
        chose = said("piter.chose_heal", rule="PITER-051", role="Doctor", player="Ann", player2="Bob")
        assert chose.english() == "Doctor Ann chose Bob: heal marked (PITER-051)."
        assert said_text(piter, chose) == "Доктор Ann выбирает Bob: отмечено лечение (PITER-051)."
        assert said_text(piter, said("piter.nominated_nobody")) == "Выдвинуты по порядку: никто (PITER-010)."
        # A refusal's line is the sentence the player reads.
        assert said_text(forum, said("core.refusal", message="You cannot choose yourself.")) == "Нельзя выбрать себя."
        # A refusal's reason id becomes that sentence too.
        refused = said("forum.refused", who="Ann", ability="heal", reason="limit", rule="FORUM-049, FORUM-053")
        assert refused.english() == "Ann's heal is refused: limit (FORUM-049, FORUM-053)."
        assert said_text(forum, refused) == (
            "Выбор «Лечение» (Ann) отклонён: Вы уже дважды выбирали этого игрока за игру (это предел) (FORUM-049, FORUM-053)."
        )
    with translation.override("zh-hans"):
        seer = said("werewolf18.seer_checks_camp", player="Ann", player2="Bob", team="wolves", rule="WW18-022")
        assert seer.english() == "Seer Ann checks Bob: camp wolves (WW18-022)."
        assert said_text(werewolf18, seer) == "预言家 Ann 预言 Bob：阵营为狼人阵营（WW18-022）。"
        badge = said(
            "werewolf18.sheriff_goes", player="Ann", why=said("werewolf18.no_successor_named_so_badge"), player2="Bob"
        )
        assert (
            badge.english()
            == "Sheriff Ann: no successor named, so the badge goes at random (WW18-071); it goes to Bob."
        )
        assert said_text(werewolf18, badge) == "警长 Ann：未指定继任者，警徽随机移交（WW18-071）；警徽归 Bob。"
        skipped = said("forum.skipped_move_allowed", player="Clyde", role="cop", n=2, m=1)
        assert said_text(forum, skipped) == "Clyde（警察）跳过了一次行动：已跳过 2 次，允许 1 次（FORUM-160）。"


def test_a_line_stored_without_a_code_stays_in_english_and_is_marked() -> None:
    """A trace stored before the engines spoke in codes still shows: as written, marked English."""
    forum = rulesets.get("forum")
    known = said("forum.no_single_leader_nobody_voted")
    trace = [
        {"step": "shots", "result": "effect", "text": "Something no engine writes (FORUM-999)."},
        {"step": "eliminate", "result": "info", "text": known.english(), "said": known.to_dict()},
        {
            "step": "eliminate",
            "result": "info",
            "text": "An unknown code.",
            "said": {"code": "gone.code", "params": {}},
        },
    ]
    with translation.override("ru"):
        odd, shown, gone = trace_lines(forum, trace)
    assert (odd.english, odd.text, odd.step_word, odd.result_word) == (
        True,
        "Something no engine writes (FORUM-999).",
        "выстрелы",
        "срабатывает",
    )
    assert (shown.english, shown.step_word, shown.result_word) == (False, "выбывание по голосованию", "к сведению")
    assert shown.text == "Нет единственного лидера: по голосованию никто не выбывает (FORUM-017)."
    assert (gone.english, gone.text) == (True, "An unknown code.")


def random_outcomes(ruleset) -> Iterator[Outcome]:
    """The outcomes of the engine's random games of ``SEEDS`` (``rulesets.simulate``)."""
    counts = player_counts(ruleset)
    for seed in SEEDS:
        yield from random_game(ruleset, counts[seed % len(counts)], seed=seed).outcomes


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_line_of_the_engines_random_games_is_a_code_that_reads_in_every_language(ruleset_id: str) -> None:
    """The engines' random games (``rulesets.simulate``, as ``python -m
    rulesets bench`` plays them): every trace line is a ``Said`` code, its
    step and result have words, and it reads in both languages."""
    ruleset = rulesets.get(ruleset_id)
    lines: dict[str, dict] = {}
    for outcome in random_outcomes(ruleset):
        for entry in outcome.trace:
            assert isinstance(entry.said, Said), entry.said
            assert entry.step in STEPS, entry.step
            assert entry.result in RESULTS, entry.result
            lines.setdefault(entry.text, outcome_json(outcome)["trace"][outcome.trace.index(entry)])
    for language in ("ru", "zh-hans"):
        with translation.override(language):
            shown = trace_lines(ruleset, list(lines.values()))
        assert not [line.text for line in shown if line.english]
        # No placeholder left unfilled, and the English sentence is gone.
        assert not [line.text for line in shown if "%(" in line.text or line.text in lines]


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_announcement_of_the_engines_random_games_is_a_code_that_reads_in_every_language(
    ruleset_id: str,
) -> None:
    """Every line an engine announces for the public results post
    (``Outcome.announce``) is a ``Said`` code, and the results post reads it
    in Russian and Chinese (``games.results.announcement_line``): none left
    in English, no placeholder unfilled."""
    ruleset = rulesets.get(ruleset_id)
    lines: dict[str, Announcement] = {}
    for outcome in random_outcomes(ruleset):
        for line in outcome.announcements:
            assert isinstance(line.said, Said), line.said
            lines.setdefault(line.text, line)
    assert lines
    for language in ("ru", "zh-hans"):
        with translation.override(language):
            shown = {
                english: announcement_line(ruleset, a.kind, a.said, a.player, a.role) for english, a in lines.items()
            }
        assert not [text for english, text in shown.items() if text and (text == english or "%(" in text)]


def test_every_template_is_in_the_catalogues() -> None:
    """Every code's English template (``rulesets/<id>/messages.py``) is a
    msgid of both catalogues, so no line falls back to English."""
    from .test_translations import LOCALES, catalogue, parse_po

    for rid in rulesets.ids():
        rulesets.get(rid)
    templates = {t for code, t in TEMPLATES.items() if code != "core.refusal"}
    for locale in LOCALES:
        known = {e.msgid for e in parse_po(catalogue(locale))}
        assert not sorted(templates - known), locale


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
    assert not [t for trace in traces for t in trace if "said" not in t]
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
