"""The Russian and Simplified Chinese catalogues are complete: every
message is translated and none is fuzzy, the translations keep the
placeholders of the English text, every string marked for translation in
the code and templates is in both catalogues and every catalogue entry is
still marked (``makemessages`` is run on a copy of the project and
compared), and the committed ``.mo`` files hold
exactly what the ``.po`` files say.

After changing a marked string: ``python manage.py makemessages -l ru
-l zh_Hans --no-obsolete --ignore=tests --ignore=var
--ignore=staticfiles --ignore=scripts``, translate the new entries, then
``python manage.py compilemessages --ignore=.venv`` (docs/languages.md, "Translations").
"""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LOCALES = ("ru", "zh_Hans")
# What makemessages reads: the project minus the tests and build output (the
# rules engines mark their message templates in ``rulesets/<id>/messages.py``).
IGNORED = ("tests", "var", "staticfiles", "scripts")
# A role summary that only cites the rules (FORUM-043..047) reads the same in every language.
RULES_ONLY = re.compile(r"[A-Z0-9]+-[\d.]+(?:, [A-Z0-9]+-\d+)*")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]|\{[a-z_]*(?::[^}]*)?\}")


@dataclass
class Entry:
    msgid: str
    msgstr: str = ""
    msgctxt: str | None = None
    flags: set[str] = field(default_factory=set)
    plural: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)


def _unquote(text: str) -> str:
    out, i = [], 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            out.append(escapes.get(text[i + 1], "\\" + text[i + 1]))
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def parse_po(path: Path) -> list[Entry]:
    """The entries of a .po file (the header and obsolete ``#~`` entries left out)."""
    entries: list[Entry] = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        flags: set[str] = set()
        parts: dict[str, list[str]] = {}
        current = None
        for line in block.strip().splitlines():
            if line.startswith("#,"):
                flags |= {f.strip() for f in line[2:].split(",")}
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                parts[current].append(line)
            else:
                current, _sep, rest = line.partition(" ")
                parts[current] = [rest]
        if "msgid" not in parts:
            continue
        text = {k: _unquote("".join(v.strip()[1:-1] for v in lines)) for k, lines in parts.items()}
        if text["msgid"] == "":
            continue
        msgstr = text.get("msgstr", "") or "".join(v for k, v in sorted(text.items()) if k.startswith("msgstr["))
        entries.append(
            Entry(
                msgid=text["msgid"],
                msgstr=msgstr,
                msgctxt=text.get("msgctxt"),
                flags=flags,
                plural="msgid_plural" in text,
            )
        )
    return entries


def catalogue(locale: str) -> Path:
    return ROOT / "locale" / locale / "LC_MESSAGES" / "django.po"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_is_translated_and_none_is_fuzzy(locale: str) -> None:
    path = catalogue(locale)
    assert path.exists(), f"{path} is missing"
    entries = parse_po(path)
    assert entries, f"{path} holds no messages"
    untranslated = [e.msgid for e in entries if not e.msgstr.strip()]
    fuzzy = [e.msgid for e in entries if "fuzzy" in e.flags]
    assert not untranslated, f"untranslated in {locale}: {untranslated}"
    assert not fuzzy, f"fuzzy in {locale}: {fuzzy}"
    header = path.read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert "#, fuzzy" not in header, f"the header of {locale} is fuzzy"


@pytest.mark.parametrize("locale", LOCALES)
def test_translations_keep_the_placeholders(locale: str) -> None:
    """``%(name)s`` and ``{name}`` of the English text are all in the
    translation, and no other (a lost or renamed one breaks the page)."""
    wrong = [
        (e.msgid, e.msgstr)
        for e in parse_po(catalogue(locale))
        if sorted(PLACEHOLDER.findall(e.msgid)) != sorted(PLACEHOLDER.findall(e.msgstr))
    ]
    assert not wrong, f"placeholders differ in {locale}: {wrong}"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_compiled_catalogue_matches_the_po_file(locale: str) -> None:
    """The committed .mo (what the site reads) says what the .po says."""
    mo = catalogue(locale).with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run compilemessages"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    stale = []
    for e in parse_po(catalogue(locale)):
        key = f"{e.msgctxt}\x04{e.msgid}" if e.msgctxt is not None else e.msgid
        got = compiled.get((key, 0)) if e.plural else compiled.get(key)
        if got is None or (not e.plural and got != e.msgstr):
            stale.append(e.msgid)
    assert not stale, f"{mo} is out of date (run compilemessages) for: {stale}"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> list[Entry]:
    """The messages makemessages finds in a copy of the project."""
    if not shutil.which("xgettext"):
        pytest.fail("GNU gettext (xgettext) is needed to check the catalogues: apt-get install gettext")
    copy = tmp_path_factory.mktemp("extract") / "project"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", ".hypothesis", "test-artifacts", "locale", "__pycache__", *IGNORED
        ),
    )
    (copy / "locale").mkdir()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mafia_site.settings",
        "DJANGO_SECRET_KEY": "extract-only",
        "MAFIA_VAR_DIR": str(copy.parent / "var"),
    }
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    command = [sys.executable, "manage.py", "makemessages", "-l", "ru", "--no-obsolete", "-v", "0"]
    command += [f"--ignore={name}" for name in IGNORED]
    done = subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return parse_po(copy / "locale" / "ru" / "LC_MESSAGES" / "django.po")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_marked_string_is_in_the_catalogue(extracted: list[Entry], locale: str) -> None:
    """A string marked in Python or a template but missing from the
    catalogue would show in English to every reader."""
    assert extracted, "makemessages found no marked string"
    known = {e.key for e in parse_po(catalogue(locale))}
    missing = [
        msgid if ctx is None else f"{ctx}: {msgid}"
        for ctx, msgid in (e.key for e in extracted)
        if (ctx, msgid) not in known
    ]
    assert not missing, f"marked in the code but missing from locale/{locale}: {missing} (run makemessages)"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_catalogue_entry_is_still_marked(extracted: list[Entry], locale: str) -> None:
    """makemessages still reads every text the catalogue translates. The
    pages are Jinja2 templates (``games.templating``): a text marked in a
    way makemessages cannot read there (``_("Day %(n)s", n=…)`` instead of
    ``_("Day %(n)s")|fill(n=…)``, or ``pgettext`` in a template) would be
    dropped from the catalogue by the next makemessages run, and shown in
    English from then on."""
    marked = {e.key for e in extracted}
    unread = [
        msgid if ctx is None else f"{ctx}: {msgid}"
        for ctx, msgid in (e.key for e in parse_po(catalogue(locale)))
        if (ctx, msgid) not in marked and msgid
    ]
    assert not unread, f"in locale/{locale} but no longer found by makemessages: {unread}"


def web_ruleset_texts() -> set[str]:
    """The English texts a player reads that the rulesets offered in the
    browser declare (``MAFIA_WEB_RULESETS``): every refusal, warning or note
    (``Ruleset.MESSAGES`` and the shared ones), the help of each house rule
    and the summary on each role card (one that only cites the rules left out)."""
    import rulesets
    from rulesets.core.declarations import MESSAGES

    texts = set(MESSAGES.values())
    for ruleset_id in settings.MAFIA_WEB_RULESETS:
        ruleset = rulesets.get(ruleset_id)
        texts |= set(ruleset.MESSAGES.values()) | {o.help for o in ruleset.OPTIONS.values() if o.help}
        texts |= {r.summary for r in ruleset.ROLES.values() if r.summary and not RULES_ONLY.fullmatch(r.summary)}
    return texts


def test_the_messages_of_the_web_rulesets_are_marked(extracted: list[Entry]) -> None:
    """Each ruleset marks its own texts where it declares them (with
    ``rulesets.core.said.gettext_noop``), so makemessages reads them from
    ``rulesets/``."""
    marked = {e.msgid for e in extracted if e.msgctxt is None}
    missing = sorted(web_ruleset_texts() - marked)
    assert not missing, f"mark these with gettext_noop where the ruleset declares them: {missing}"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_messages_of_the_web_rulesets_are_translated(locale: str) -> None:
    """A refusal, warning or note a ruleset offered in the browser returns
    (``Ruleset.MESSAGES``), the help of its house rules and the summary on
    its role cards, is in the catalogue, so players read it in their language."""
    known = {e.msgid for e in parse_po(catalogue(locale))}
    missing = sorted(web_ruleset_texts() - known)
    assert not missing, f"translate these in locale/{locale} (run makemessages): {missing}"


def test_the_check_notices_an_untranslated_or_fuzzy_entry(tmp_path) -> None:
    """The parser the checks rely on sees an empty msgstr and a fuzzy flag."""
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: ru\\n"\n\n'
        'msgid "Day"\nmsgstr ""\n\n'
        '#, fuzzy, python-format\nmsgid "Day %(n)s"\nmsgstr "День %(n)s"\n\n'
        'msgctxt "unit"\nmsgid "d"\nmsgstr ""\n"д"\n',
        encoding="utf-8",
    )
    entries = {e.key: e for e in parse_po(po)}
    assert entries[(None, "Day")].msgstr == ""
    assert "fuzzy" in entries[(None, "Day %(n)s")].flags
    assert entries[("unit", "d")].msgstr == "д"
