from pathlib import Path

import pytest

# Fixture folders hold deliberately failing cases: keep the casetool plugin off them.
collect_ignore = ["fixtures"]

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES
