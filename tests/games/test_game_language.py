"""A game's posts are in the game's language, entirely: the results posts,
the announcements in them and the private results a player reads in the
cabinet never carry an English sentence or a raw rule id (PITER-017,
FORUM-180 …: the rule ids are the host's, in the trace), whatever the
ruleset. The engines' seeded random games (the games ``python -m rulesets
golden`` records) are rendered in Russian and in Chinese, and a game of
every ruleset played through the site in each language is read post by
post."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator

import pytest
from django.urls import reverse
from django.utils import translation

import rulesets
from games import flow
from games.models import Game, Phase, Post
from games.names import role_name
from games.results import announcement_line, feedback_text, final_text, winner_line
from rulesets.core import GameState, Outcome, PhaseInput
from rulesets.core.said import said
from rulesets.golden import _games
from rulesets.simulate import random_game

from .pages import client_as
from .test_every_ruleset import START, TABLES, play_to_the_end

LANGUAGES = ("ru", "zh-hans")
GAMES = 60  # the first seeded games of each ruleset's golden record

# A word of the Latin alphabet, and a run of two or more of them with nothing
# but spaces and punctuation between: an English sentence or phrase.
LATIN_RUN = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?(?:[\s,.;:!?()\"«»“”—–-]+[A-Za-z]+(?:['’][A-Za-z]+)?)+")
# A raw rule id: PITER-017, WW18-022, B-13.
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-\d+")
BBCODE = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")


def leaks(text: str, names: Iterable[str]) -> list[str]:
    """The English phrases and rule ids in ``text``, once the players'
    names (``names``: nicknames, seat labels) and the BBCode tags are taken
    out; [] when it reads wholly in another language."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "·")
    text = BBCODE.sub(" ", text)
    return RULE_ID.findall(text) + [m.group(0) for m in LATIN_RUN.finditer(text)]


def test_the_leak_check_sees_english_and_rule_ids() -> None:
    """The check itself: a name of two Latin words is no leak, an English
    phrase or a rule id is."""
    names = ["Plain One", "Bob"]
    assert leaks("[b]Итоги ночи 1[/b]\nPlain One покидает игру. Роль: Доктор.", names) == []
    assert leaks("Bob 离开牌桌。身份牌：官僚。", names) == []
    assert leaks("Ничья между Bob, Plain One: голосование повторяется (PITER-017).", names) == ["PITER-017"]
    assert leaks("Этой ночью Bob навещали: commissar, intriguer.", names) == ["commissar, intriguer"]
    assert leaks("Nobody was killed tonight.", names) == ["Nobody was killed tonight"]


def rendered_outcome(ruleset, outcome: Outcome) -> Iterator[str]:
    """Every text a player reads of one outcome: each line of the results
    post (``announcement_line``), the winner, each private result."""
    for line in outcome.announcements:
        yield announcement_line(ruleset, line.kind, line.said, line.player, line.role)
    for item in outcome.feedback:
        yield feedback_text(ruleset, item)
    if outcome.state.winner:
        yield winner_line(ruleset, outcome.state.winner)


def interim(ruleset, before: GameState, step: PhaseInput) -> Iterator[str]:
    """The private results handed out before a phase resolves (the witch
    learns the knife, WW18-024), at each of the phase's deadlines."""
    for entry in ruleset.SCHEDULE:
        for item in ruleset.interim_feedback(before, step, entry.id):
            yield feedback_text(ruleset, item)


def seeded_texts(ruleset_id: str) -> Iterator[tuple[str, str, list[str]]]:
    """``(language, text, the players' names)`` of every text a player
    reads of the first ``GAMES`` seeded games of the golden records, in
    Russian and Chinese: the results lines, private results (the interim
    ones too), the winner and the final post."""
    ruleset = rulesets.get(ruleset_id)
    for n, seed in _games(ruleset_id, GAMES):
        game = random_game(ruleset, n, seed)
        names = list(game.start.players)
        before = game.start
        for step, outcome in zip(game.steps, game.outcomes, strict=True):
            for language in LANGUAGES:
                with translation.override(language):
                    texts = [*rendered_outcome(ruleset, outcome), *interim(ruleset, before, step)]
                    if outcome.state.winner:
                        texts.append(final_text(ruleset, None, outcome.state))
                for text in texts:
                    yield language, text, names
            before = outcome.state


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_the_seeded_games_read_without_english_or_rule_ids(ruleset_id: str) -> None:
    """The seeded random games of the golden records (PITER-017, FORUM-180,
    COSMO-043 among the lines they announce): every results line, private
    result and final post, in Russian and in Chinese."""
    found: dict[str, list[str]] = {}
    for language, text, names in seeded_texts(ruleset_id):
        if bad := leaks(text, names):
            found.setdefault(f"{language}: {text}", bad)
    assert not found, "\n".join(list(found)[:40])


# «выбыл» is the masculine past: a woman's seat would read «выбыла»; so
# would «X избран», «X был убит» after a bare name (· marks a name; «игрок X
# казнён» agrees with «игрок»).
MASCULINE_OUT = re.compile(r"\bвыбыл\b|(?<!грок )· (?:был |уже )?(?:избран|убит|казнён|отравлен|застрелен|изгнан)\b")


def named(text: str, names: list[str]) -> str:
    """``text`` with each player's name as ·."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "·")
    return text


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_russian_posts_say_who_leaves_in_words_for_any_player(ruleset_id: str) -> None:
    """A Russian results post, private result or final post never says
    «X выбыл» or «X избран шерифом» (masculine for every seat): «X
    покидает игру», «игрок X выбывает из игры», «вне игры», «шерифом
    становится X» (WW18-007, WW18-037, WW18-045, FORUM-014 and every exit)."""
    found = {
        text
        for language, text, names in seeded_texts(ruleset_id)
        if language == "ru" and MASCULINE_OUT.search(named(text, names))
    }
    assert not found


def test_the_forum_cop_reads_as_police_in_chinese_not_sheriff() -> None:
    """FORUM-037: the forum's Cop (Коп) is 警察 in Chinese; 警长 is what a
    werewolf player calls the sheriff (WW18-045), so no forum text says it."""
    forum = rulesets.get("forum")
    with translation.override("zh-hans"):
        assert role_name(forum, "cop").startswith("警察")
        assert role_name(forum, "cop_assistant").startswith("警察助手")
        assert announcement_line(forum, "miss", said("forum.cop_missed_announced"), None, None) == "警察没有打中。"
    assert not {text for language, text, _n in seeded_texts("forum") if language == "zh-hans" and "警长" in text}


def hosted_in(host, make_user, ruleset_id: str, variant: str, n: int, language: str) -> Game:
    """A game of ``n`` seats written in ``language``, drawn and started."""
    game = flow.game_create(
        host=host, title=f"{ruleset_id} {language}", ruleset_id=ruleset_id, variant=variant, language=language
    )
    flow.signup_open(game=game)
    for i in range(n):
        flow.nickname_register(game=game, user=make_user(f"{ruleset_id}{language}{i}"), nickname=f"Seat {i + 1}")
    game.refresh_from_db()
    game.seed = 11
    game.save(update_fields=["seed"])
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    flow.game_start(game=game, now=START)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("ruleset_id", "variant", "n"), TABLES, ids=[f"{r}-{v or n}" for r, v, n in TABLES])
def test_every_post_the_site_writes_for_a_game_is_in_its_language(
    personas, make_user, ruleset_id, variant, n, language
) -> None:
    """A game of every ruleset played to its winner through the site in
    Russian and in Chinese: every post the site writes (results, vote
    counts, re-votes, role cards, private results in the cabinets, the
    final post, the vote posts it words for the seats) has no English
    phrase and no rule id."""
    game = hosted_in(personas["alice"], make_user, ruleset_id, variant, n, language)
    play_to_the_end(game, random.Random(5))
    names = [*game.players.values_list("nickname", flat=True), game.title]
    # The site's posts, and the vote and nomination posts it words for the seats.
    posts = Post.objects.filter(room__game=game).values_list("body", flat=True)
    assert posts
    found = {line: bad for body in posts for line in body.splitlines() if (bad := leaks(line, names))}
    assert not found, "\n".join(f"{bad}: {line}" for line, bad in list(found.items())[:40])
    assert game.phases.filter(kind=Phase.Kind.DAY).exists()


@pytest.mark.parametrize(
    ("ruleset_id", "variant", "n", "word"), [("werewolf18", "", 18, "法官"), ("forum", "two_sided", 9, "主持人")]
)
def test_the_host_is_called_as_the_games_players_call_him(personas, make_user, ruleset_id, variant, n, word) -> None:
    """In a werewolf18 game read in Chinese the host is 法官, as werewolf
    players say (the document's 导演 organise the game, WW18-070); in the
    other rulesets he stays 主持人: the author of the host's posts and the
    cabinet's thread with him."""
    game = hosted_in(personas["alice"], make_user, ruleset_id, variant, n, "zh-hans")
    seat = game.players.seated().first()
    client = client_as(seat.user.username)
    client.post(reverse("set_language"), {"language": "zh-hans", "next": "/"})
    page = client.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert f'<strong class="author">{word}</strong>' in page
    assert f"与{word}的私密对话" in page
    assert f"向{word}提问" in page
    other = {"法官", "主持人"} - {word}
    assert not [w for w in other if f'<strong class="author">{w}</strong>' in page]


def test_the_forum_save_is_announced_without_its_rule_id_for_any_player() -> None:
    """FORUM-180: the results post says the team attacked a player whom a
    guard saved, in the reader's language, without the rule id, in Russian
    in words that fit any player (not «его спас»), and
    in Chinese without 他."""
    forum = rulesets.get("forum")
    line = said("forum.attacked_but_saved", team="mafia", player="Ann", guard=said("forum.cop"))
    with translation.override("ru"):
        assert (
            announcement_line(forum, "saved", line, "Ann", None)
            == "Мафы напали на игрока Ann, но покушение сорвал Коп."
        )
    with translation.override("zh-hans"):
        assert announcement_line(forum, "saved", line, "Ann", None) == "黑手党袭击了 Ann，但警察挫败了这次袭击。"
