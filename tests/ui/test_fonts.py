"""Text wrapping: words stay whole in English, Japanese breaks between characters but never puts
closing punctuation or a long-vowel mark at the start of a line; text surfaces are cached."""
from __future__ import annotations

from ui import fonts


def test_english_wraps_at_spaces_within_width(pygame_session):
    lines = fonts.wrap("the quick brown fox jumps over the lazy dog " * 3, 16, 150)
    assert len(lines) > 2
    assert all(fonts.font(16).size(line)[0] <= 150 for line in lines)
    assert " ".join(lines).split() == ("the quick brown fox jumps over the lazy dog " * 3).split()


def test_japanese_never_starts_a_line_with_closing_punctuation(pygame_session):
    text = "協力デッキ構築。村のバリケードを押し寄せるモンスターの波から守り抜き、ヒーローを育てよう。" * 3
    for width in range(120, 330, 7):
        lines = fonts.wrap(text, 16, width)
        assert "".join(lines) == text
        assert not any(line[0] in "、。ーっ）」" for line in lines[1:]), (width, lines)


def test_rendered_text_is_cached(pygame_session):
    assert fonts.text("Hello", 18) is fonts.text("Hello", 18)
    assert fonts.text("Hello", 18) is not fonts.text("Hello", 19)


def test_long_button_labels_are_cut_to_fit_with_an_ellipsis(pygame_session):
    assert fonts.fit_label("Draw", 200) == "Draw"
    long = "角の生えた占い師をアクティブ化しないで次へ進む"
    short = fonts.fit_label(long, 200)
    assert short.endswith("…") and long.startswith(short[:-1])
    assert fonts.font(17).size(short)[0] <= 200
