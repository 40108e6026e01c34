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


def _fit_text_one_size_at_a_time(string, size, width, bold, minimum=7):
    """fit_text as it was first written: every size tried in turn, then a character cut at a time."""
    s = size
    while s > minimum and fonts.font(s, bold).size(string)[0] > width:
        s -= 1
    if fonts.font(s, bold).size(string)[0] > width:
        while len(string) > 1 and fonts.font(s, bold).size(string + "…")[0] > width:
            string = string[:-1]
        string += "…"
    return string, s


def test_fit_text_shrinks_then_cuts_as_trying_each_size_would_and_loads_only_a_few_sizes(pygame_session):
    texts = ["Trini · Agile Fighter", "Hand 2/5 · actions left 0", "Pool 8: drag a card onto an enemy to attack",
             "トリニ・アジャイルファイター", "手札 2/5 ・ 残りアクション 0", "W", "Discard"]
    for string in texts:
        for size in (6, 10, 13, 17, 22):
            for bold in (False, True):
                for width in (3, 10, 24, 40, 62, 90, 140, 300, 900):
                    shown, s = _fit_text_one_size_at_a_time(string, size, width, bold)
                    assert fonts.fit_text(string, size, width, (255, 255, 255), bold).get_size() == \
                        fonts.text(shown, s, (255, 255, 255), bold).get_size(), (string, size, width, bold)
                    assert fonts._fit_text.__wrapped__(string, size, width, (1, 2, 3), bold, 7) is \
                        fonts.text(shown, s, (1, 2, 3), bold)
    fonts._font.cache_clear()
    fonts.fit_text("A seat's name far too long for its narrow panel", 17, 24, (255, 255, 255), True)
    assert fonts._font.cache_info().currsize <= 3          # not every size from 17 down to 7


def test_a_paragraph_with_a_negative_line_gap_keeps_its_last_line_whole(pygame_session):
    """Lines drawn closer (a market tile's "Attack 2 / 1 ammo") still leave the last line its whole height: the
    block was cut 3 px short, so the second line's lower half was missing."""
    f = fonts.font(9, True)
    for gap in (-3, -2, 0, 2):
        block = fonts.paragraph("Attack 2\n1 ammo", 9, 80, (0, 0, 0), True, line_gap=gap)
        last_top = f.get_linesize() + gap
        assert block.get_height() >= last_top + f.get_linesize(), gap
        # ink in the last line's lower half (the descender-free "1 ammo" reaches below its middle)
        rows = [y for y in range(last_top + f.get_linesize() // 2, block.get_height())
                if any(block.get_at((x, y)).a for x in range(block.get_width()))]
        assert rows, gap
