import pytest

from runtime.model.cards import CardSpec
from tests.kit.table_kit import real_cards


@pytest.fixture
def cards() -> dict[str, CardSpec]:
    return real_cards()
