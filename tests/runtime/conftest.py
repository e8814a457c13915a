import pytest
from table_kit import real_cards

from runtime.cards import CardSpec


@pytest.fixture
def cards() -> dict[str, CardSpec]:
    return real_cards()
