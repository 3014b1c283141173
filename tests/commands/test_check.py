import json
import shutil
import xml.etree.ElementTree as ET

from cli_support import run


def test_statuses_and_exit_code(fixtures):
    result = run("check", "-j", "1", fixtures / "mini")
    assert result.exit_code == 1
    out = result.output
    assert "001-ok.yaml: ok: case 1" in out
    assert "002-ambiguous.yaml:2:1: error[ambiguous]" in out
    assert "answer 1: suspect plum, scene fair; liars: white" in out
    assert "answer 2: suspect green, scene fair; liars: white" in out
    assert "error[contradiction]" in out and "003-contradiction.yaml:27:5: clue 'rumour'" in out
    assert "error[wrong-solution]" in out and "declared: suspect green, scene fair" in out
    assert out.splitlines()[-1] == "4 cases checked: 1 ok, 1 ambiguous, 1 contradiction, 1 wrong-solution, 0 unknown"


def test_ok_case_exits_0(fixtures):
    assert run("check", fixtures / "mini" / "001-ok.yaml").exit_code == 0


def test_output_is_byte_identical_across_runs_and_job_counts(fixtures):
    outputs = {run("check", "-j", str(j), "--format", fmt, fixtures / "mini").output
               for j in (1, 2) for fmt in ("json",)}
    assert len(outputs) == 1


def test_json_report(fixtures):
    data = json.loads(run("check", "--format", "json", "--count", fixtures / "mini").output)
    by_case = {c["case"]: c for c in data["cases"]}
    assert by_case[2]["status"] == "ambiguous" and by_case[2]["count"] == 2
    assert [a["answer"]["suspect"] for a in by_case[2]["answers"]] == ["plum", "green"]
    # both sets are minimal: Plum's statement is true once Brown or White is known to be truthful
    assert {c["id"] for c in by_case[3]["conflict"]} in ({"plum", "white", "rumour"}, {"plum", "brown", "rumour"})
    assert by_case[1]["answers"][0]["liars"] == ["white"]


def test_junit_report(fixtures):
    root = ET.fromstring(run("check", "--format", "junit", fixtures / "mini").output)
    assert (root.get("tests"), root.get("failures")) == ("4", "3")
    failures = [f.get("type") for f in root.iter("failure")]
    assert sorted(failures) == ["ambiguous", "contradiction", "wrong-solution"]


def test_github_annotations(fixtures):
    lines = run("check", "--format", "github", fixtures / "mini").output.splitlines()
    errors = [ln for ln in lines if ln.startswith("::error ")]
    assert len(errors) == 3 and all("line=2,col=1" in ln for ln in errors)
    assert "%0A" in errors[0]  # multi-line details are escaped onto one line


def test_input_errors_exit_2_and_valid_cases_still_checked(tmp_path, fixtures):
    shutil.copy(fixtures / "mini" / "setting.yaml", tmp_path)
    shutil.copy(fixtures / "mini" / "001-ok.yaml", tmp_path)
    shutil.copy(fixtures / "bad" / "type-error.yaml", tmp_path)
    result = run("check", tmp_path)
    assert result.exit_code == 2
    assert "error[T002]" in result.output and "001-ok.yaml: ok" in result.output


def test_time_limit_gives_unknown_never_ok(fixtures):
    from casetool.load.project import load_paths
    from casetool.solver.check import prove_case
    from casetool.solver.options import Options

    case = load_paths([fixtures / "mini" / "001-ok.yaml"]).cases[0]
    result = prove_case(case, Options(time_limit=1e-9))
    assert result.status == "unknown" and "time limit" in result.message


def test_report_to_file_is_written(tmp_path, fixtures):
    out = tmp_path / "r" / "report.xml"
    run("check", "--format", "junit", "-o", out, fixtures / "mini" / "001-ok.yaml")
    assert ET.parse(out).getroot().get("failures") == "0"


def test_warnings_out_of_time_leave_the_verdict_ok(fixtures, monkeypatch):
    import casetool.solver.check as check_module
    from casetool.load.project import load_paths
    from casetool.solver.options import Options

    real = check_module._warnings

    def exhausted(checker):
        checker.budget.deadline = 0  # as if the verdict used the whole time limit
        return real(checker)

    monkeypatch.setattr(check_module, "_warnings", exhausted)
    case = load_paths([fixtures / "mini" / "001-ok.yaml"]).cases[0]
    result = check_module.prove_case(case, Options())
    assert result.status == "ok" and [w.code for w in result.warnings] == ["W009"]


def test_junit_report_is_valid_xml_when_a_title_holds_control_characters(tmp_path, fixtures):
    shutil.copy(fixtures / "mini" / "setting.yaml", tmp_path)
    for name in ("001-ok.yaml", "002-ambiguous.yaml"):
        text = (fixtures / "mini" / name).read_text()
        title = next(line for line in text.splitlines() if line.startswith("title: "))
        (tmp_path / name).write_text(text.replace(title, 'title: "Bell\\x07 and \\x1b[31mEscape\\x00"'))
    result = run("check", "--format", "junit", tmp_path)
    root = ET.fromstring(result.output)
    names = [t.get("name") for t in root.iter("testcase")]
    assert names == ["case 1: Bell\\x07 and \\x1b[31mEscape\\x00", "case 2: Bell\\x07 and \\x1b[31mEscape\\x00"]
    [failure] = root.iter("failure")
    assert failure.get("type") == "ambiguous"


def test_junit_carries_each_cases_time(fixtures):
    root = ET.fromstring(run("check", "--format", "junit", fixtures / "mini").output)
    times = [float(t.get("time")) for t in root.iter("testcase")]
    assert len(times) == 4 and all(t > 0 for t in times)  # every case took some solving
    assert abs(float(root.get("time")) - sum(times)) < 0.01


def test_text_output_strips_control_characters_from_titles(tmp_path, fixtures):
    shutil.copy(fixtures / "mini" / "setting.yaml", tmp_path)
    text = (fixtures / "mini" / "001-ok.yaml").read_text()
    title = next(line for line in text.splitlines() if line.startswith("title: "))
    (tmp_path / "001-ok.yaml").write_text(text.replace(title, 'title: "Bell\\a Nul\\0 Del\\x7f \\e[31mRed\\e[0m\\x9b2J"'))
    for command in ("check", "explain"):
        out = run(command, tmp_path / "001-ok.yaml").output
        assert "case 1 'Bell Nul Del Red'" in out, out
        assert not any(ord(ch) < 32 and ch != "\n" or 0x7f <= ord(ch) <= 0x9f for ch in out)


def _book(tmp_path, fixtures):
    book = tmp_path / "mini"
    book.mkdir()
    for name in ("setting.yaml", "001-ok.yaml"):
        shutil.copy(fixtures / "mini" / name, book)
    (book / "casebook.yaml").write_text("casebook: mini\ntitle: Mini\nsetting: mini\n")
    return book


def test_a_named_setting_or_casebook_checks_every_case_beside_it(tmp_path, fixtures):
    book = _book(tmp_path, fixtures)
    setting = book / "setting.yaml"
    assert run("check", setting).exit_code == 0
    # Reverend Green in glasses fits the clues as well as Professor Plum: the case breaks.
    setting.write_text(setting.read_text().replace("hair: brown, glasses: false", "hair: brown, glasses: true"))
    for named in (setting, book / "casebook.yaml"):
        result = run("check", "--no-warnings", named)
        assert result.exit_code == 1, result.output
        assert "001-ok.yaml:2:1: error[ambiguous]" in result.output


def test_other_tools_yaml_files_are_skipped_not_checked(tmp_path, fixtures):
    book = _book(tmp_path, fixtures)
    workflow = tmp_path / "cases.yml"
    workflow.write_text("name: cases\non: [push]\n")
    result = run("check", "--format", "json", workflow, book / "001-ok.yaml")
    assert result.exit_code == 0, result.output
    assert result.stderr.endswith("cases.yml: not a casebook file, skipped\n")
    assert [c["status"] for c in json.loads(result.stdout)["cases"]] == ["ok"]
    alone = run("check", workflow)
    assert alone.exit_code == 0 and "0 cases checked" in alone.stdout
