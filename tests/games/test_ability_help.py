"""Every ability of every ruleset is explained in the cabinet: one or two
sentences in the document's own words saying what it does and when its
result arrives (the witch learns the knives at the night's skill
deadline, WW18-023), declared as message codes in the ruleset's messages
module (``Declarations.ability_help``) and read in English, Russian and
Chinese, with no rule id (FORUM-048, PITER-040 …: those are the host's)."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

import rulesets
from games.models import Player
from games.results import ability_help, role_summary

from .pages import client_as
from .test_every_ruleset import TABLES
from .test_game_language import RULE_ID, hosted_in, leaks

LANGUAGES = ("en", "ru", "zh-hans")
SCRIPT = {"ru": re.compile(r"[А-Яа-яЁё]"), "zh-hans": re.compile(r"[\u4e00-\u9fff]")}
# A sentence's end: a full stop, question or exclamation mark before a space
# or the end (not the point of "1.5").
SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？]")


def every_ability(ruleset) -> list[tuple[str, str]]:
    """``(ability id, team id or "")`` of each declared ability, a team's
    own ones (piter's clan shot) included."""
    return [(a, "") for a in ruleset.ABILITIES] + [(a.id, team) for team, a in ruleset.TEAM_ABILITIES.items()]


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_ability_is_explained_in_every_language_without_rule_ids(ruleset_id: str) -> None:
    """FORUM-048, FORUM-049 (the Lawyer), WW18-023 (the witch's knife
    information) and every other ability: an explanation of one or two
    sentences in English, and its Russian and Chinese translations in
    those scripts, none citing a rule id or leaving an English phrase."""
    ruleset = rulesets.get(ruleset_id)
    missing, bad = [], []
    for ability, team in every_ability(ruleset):
        english = ruleset.ability_help(ability, team)
        if not english:
            missing.append(f"{team}.{ability}")
            continue
        if RULE_ID.search(english) or not 1 <= len(SENTENCE_END.findall(english)) <= 2:
            bad.append(("en", english))
        for language in ("ru", "zh-hans"):
            with translation.override(language):
                shown = ability_help(ruleset, ability, team)
            sentences = len(SENTENCE_END.findall(shown))
            if shown == english or not SCRIPT[language].search(shown) or leaks(shown, []) or not 1 <= sentences <= 2:
                bad.append((language, shown))
    assert not missing
    assert not bad


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_role_says_what_it_is_in_words_not_rule_ids(ruleset_id: str) -> None:
    """A role's summary is a sentence, never a bare list of rule ids (the
    forum's Lawyer was "FORUM-048, FORUM-049"), and the werewolf18 roles
    have one too (WW18-041 the villager, WW18-027 the elder …): in
    English, Russian and Chinese, without rule ids."""
    ruleset = rulesets.get(ruleset_id)
    bad = []
    for role in ruleset.ROLES:
        for language in LANGUAGES:
            with translation.override(language):
                shown = role_summary(ruleset, role)
            if len(shown) < 4 or leaks(shown, []) and language != "en" or RULE_ID.search(shown):
                bad.append((role, language, shown))
    assert not bad


def test_the_witch_is_told_when_the_knife_information_comes() -> None:
    """WW18-023, WW18-024: the witch's antidote says the cabinet names the
    knifed players at the night's skill deadline, and that her own deadline
    follows half an hour later; in Chinese in the document's words (通灵)."""
    werewolf18 = rulesets.get("werewolf18")
    assert "skill deadline" in werewolf18.ability_help("save")
    assert "half an hour later" in werewolf18.ability_help("save")
    with translation.override("zh-hans"):
        assert "通灵" in ability_help(werewolf18, "save")
        assert "半小时" in ability_help(werewolf18, "save")


TABLE_OF = {r: (v, n) for r, v, n in reversed(TABLES)}


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_the_cabinet_explains_each_ability_of_the_seats_role(personas, make_user, ruleset_id: str) -> None:
    """A seat of each role of the ruleset reads, in its cabinet in English,
    Russian and Chinese, the name and the explanation of each ability the
    role holds, of its team's own (piter's clan shot, PITER-040) and of
    those every player may come to hold (the vote)."""
    ruleset = rulesets.get(ruleset_id)
    variant, n = TABLE_OF[ruleset_id]
    game = hosted_in(personas["alice"], make_user, ruleset_id, variant, n, "ru")
    seat = game.players.seated().order_by("id").first()
    client = client_as(seat.user.username)
    url = reverse("cabinet", args=[game.slug])
    unexplained = []
    for role, spec in ruleset.ROLES.items():
        seat = Player.objects.get(pk=seat.pk)
        seat.role, seat.team = role, spec.team
        seat.save(update_fields=["role", "team"])
        held = ruleset.role_abilities(role, spec.team)
        assert set(spec.abilities) <= {a for a, _team in held}
        for language in LANGUAGES:
            client.post(reverse("set_language"), {"language": language, "next": "/"})
            page = html.unescape(client.get(url).content.decode())
            with translation.override(language):
                wanted = [ability_help(ruleset, ability, team) for ability, team in held]
                wanted.append(role_summary(ruleset, role))
            unexplained += [(role, language, text) for text in wanted if not text or text not in page]
    assert not unexplained
