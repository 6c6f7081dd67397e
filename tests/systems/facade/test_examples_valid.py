"""The builder's ready-made example characters follow the rules (and stay so as the rules change)."""

from __future__ import annotations

from rollwright.kit import api


def test_every_example_is_a_valid_character() -> None:
    examples = api.call("facade.character.examples", {})["examples"]
    assert len(examples) >= 1
    for doc in examples:
        result = api.call("facade.character.check", {"character": doc})
        assert result["valid"], [m["text"] for m in result["messages"]]
        assert result["character"] == doc
