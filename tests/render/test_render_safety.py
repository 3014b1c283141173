"""Nothing from the network, nothing from outside the casebook folder, nothing half written."""


from pathlib import Path

import pytest
from casetool.commands.build import DECODER_CACHE
from casetool.files import display_path
from PIL import Image

from render_support import build, reader

pytestmark = pytest.mark.slow  # builds PDFs: the inner loop `-m "not slow"` skips it


def set_image(folder: Path, src: str) -> int:
    """Give Professor Plum an `image:`; returns the line it is on in setting.yaml."""
    path = folder / "setting.yaml"
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("plum: {name: Professor Plum"))
    lines[at] = lines[at].replace("plum: {", f"plum: {{image: '{src}', ")
    path.write_text("\n".join(lines) + "\n")
    return at + 1


def assert_nothing_written(out: Path):
    assert not out.exists() or sorted(p.name for p in out.iterdir()) == []


@pytest.mark.parametrize("src, code", [
    ("/etc/passwd", "R011"),
    ("../../../../../../etc/passwd", "R011"),
    ("http://example.com/plum.png", "R010"),
    ("https://example.com/plum.png", "R010"),
    ("ftp://example.com/plum.png", "R010"),
    ("missing.png", "R012"),
])
def test_bad_image_is_a_clean_error_at_its_line(village, tmp_path, src, code):
    line = set_image(village, src)
    out = tmp_path / "out"
    result = build(village, out)
    assert result.exit_code == 2, result.output
    errors = [ln for ln in result.stderr.splitlines() if f"error[{code}]" in ln]
    assert len(errors) == 1, result.stderr
    assert errors[0].startswith(f"{display_path(village / 'setting.yaml')}:{line}:")
    assert "nothing was written" in result.stderr
    assert_nothing_written(out)


def test_symlink_out_of_the_folder_is_refused(village, tmp_path):
    (village / "plum.png").symlink_to("/etc/passwd")
    set_image(village, "plum.png")
    result = build(village, tmp_path / "out")
    assert result.exit_code == 2 and "error[R011]" in result.stderr


def test_failed_build_keeps_the_previous_output_whole(village, tmp_path):
    out = tmp_path / "out"
    assert build(village, out).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}  # the decoder cache is a folder
    set_image(village, "http://example.com/plum.png")
    assert build(village, out).exit_code == 2
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before  # no temp file, no half file
    assert sorted(p.name for p in out.iterdir()) == sorted([*before, DECODER_CACHE])  # no staging folder


def test_unreadable_image_inside_the_folder_is_an_error(village, tmp_path):
    (village / "plum.png").write_text("this is not a picture")
    line = set_image(village, "plum.png")
    result = build(village, tmp_path / "out")
    assert result.exit_code == 2
    assert f"setting.yaml:{line}:" in result.stderr and "error[R013]" in result.stderr


def test_image_inside_the_folder_is_printed(village, tmp_path):
    Image.new("L", (40, 50), 128).save(village / "plum.png")
    set_image(village, "plum.png")
    out = tmp_path / "out"
    result = build(village, out)
    assert result.exit_code == 0, result.output
    images = [i for page in reader(out / "casebook.pdf").pages for i in page.images]
    assert images


def test_template_that_fetches_a_url_names_the_template(village, tmp_path):
    templates = tmp_path / "theme"
    templates.mkdir()
    (templates / "cover.html").write_text('<section class="cover">\n  <img src="http://example.com/logo.png">\n</section>\n')
    result = build(village, tmp_path / "out", "--templates", templates)
    assert result.exit_code == 2
    assert f"{display_path(templates / 'cover.html')}:2:13: error[R010]" in result.stderr


def test_stylesheet_url_outside_is_refused(village, tmp_path):
    templates = tmp_path / "theme"
    templates.mkdir()
    (templates / "casebook.css").write_text("body { background: url(file:///etc/hostname); }\n")
    result = build(village, tmp_path / "out", "--templates", templates)
    assert result.exit_code == 2 and "error[R011]" in result.stderr


# Templates are untrusted input (a downloaded theme): the sandbox and the loader keep
# them from reading files, running commands or following a link out of their folder.

READ_PASSWD = "{{ cycler.__init__.__globals__.__builtins__.open('/etc/passwd').read() }}"


def theme_with_cover(tmp_path: Path, body: str) -> Path:
    templates = tmp_path / "theme"
    templates.mkdir()
    (templates / "cover.html").write_text('<section class="cover">\n  ' + body + "\n</section>\n")
    return templates


def assert_template_error_at(result, templates: Path, line: int, code: str = "R001"):
    assert result.exit_code == 2, result.output
    where = f"{display_path(templates / 'cover.html')}:{line}:"
    errors = [ln for ln in result.stderr.splitlines() if f"error[{code}]" in ln]
    assert len(errors) == 1 and errors[0].startswith(where), result.stderr


def test_template_cannot_read_a_file(village, tmp_path):
    templates = theme_with_cover(tmp_path, READ_PASSWD)
    out = tmp_path / "out"
    result = build(village, out, "--templates", templates)
    assert "root:" not in result.output
    assert_template_error_at(result, templates, 2)
    assert_nothing_written(out)  # so no casebook.pdf holds the file either


def test_template_cannot_run_a_command(village, tmp_path):
    marker = tmp_path / "ran"
    templates = theme_with_cover(
        tmp_path, "{{ cycler.__init__.__globals__.os.popen('touch " + str(marker) + "').read() }}")
    result = build(village, tmp_path / "out", "--templates", templates)
    assert not marker.exists()
    assert_template_error_at(result, templates, 2)


def test_template_link_out_of_its_folder_is_refused(village, tmp_path):
    templates = tmp_path / "theme"
    templates.mkdir()
    (templates / "cover.html").symlink_to("/etc/passwd")
    out = tmp_path / "out"
    result = build(village, out, "--templates", templates)
    assert "root:" not in result.output
    assert_template_error_at(result, templates, 1, "R005")
    assert_nothing_written(out)


def test_template_link_inside_its_folder_is_followed(village, tmp_path):
    templates = theme_with_cover(tmp_path, "{{ nonsense_name_here }}")
    (templates / "index.html").symlink_to(templates / "cover.html")
    result = build(village, tmp_path / "out", "--templates", templates)
    assert "error[R005]" not in result.stderr and "error[R001]" in result.stderr


@pytest.mark.slow
def test_template_attachment_outside_the_folder_is_refused(village, tmp_path):
    # WeasyPrint fetches attachments while writing the PDF, after the layout.
    templates = theme_with_cover(tmp_path, '<a rel="attachment" href="file:///etc/passwd">notes</a>')
    out = tmp_path / "out"
    result = build(village, out, "--templates", templates)
    assert_template_error_at(result, templates, 2, "R011")
    assert_nothing_written(out)


# A template may not run for ever or fill the memory: each bound is an R-code at its line.

@pytest.mark.parametrize("body, code, words", [
    ("{{ range(10**10)|list }}", "R007", "Range too big"),
    ("{{ 'a' * 3000000000 }}", "R007", "3,000,000,000 items"),
    ("{{ 7 ** 99999999 }}", "R007", "more than 30,000 digits"),
    ("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", "R007", "recursion"),
    ("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}", "R006", "did not finish rendering in 2 s"),
])
def test_a_template_asking_too_much_is_stopped_at_its_line(village, tmp_path, monkeypatch, body, code, words):
    import time

    from casetool.printing import limits
    monkeypatch.setattr(limits, "RENDER_SECONDS", 2.0)
    templates = theme_with_cover(tmp_path, body)
    out = tmp_path / "out"
    start = time.monotonic()
    result = build(village, out, "--templates", templates, "--no-decoders")
    assert time.monotonic() - start < 60
    assert_template_error_at(result, templates, 2, code)
    assert words in result.stderr
    assert_nothing_written(out)


def test_a_hard_link_to_a_file_outside_the_templates_is_refused(village, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the butler did it\n")
    templates = tmp_path / "theme"
    templates.mkdir()
    (templates / "cover.html").hardlink_to(secret)
    out = tmp_path / "out"
    result = build(village, out, "--templates", templates, "--no-decoders")
    assert "the butler did it" not in result.output
    assert_template_error_at(result, templates, 1, "R005")
    assert "hard link" in result.stderr
    assert_nothing_written(out)
