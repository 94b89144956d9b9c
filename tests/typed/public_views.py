"""Type tests, checked by the project's mypy run (`mypy`: pyproject.toml names this folder;
`.ci/run` runs it): a spectator's scenes and the flow's beats hold a public view only. Each
line that puts a seat's own view there carries the error mypy must give it: strict mypy
reports an ignore that is no longer needed (`warn_unused_ignores`), so a line mypy stops
refusing fails the check, as does one refused for another reason."""

from el_grande.core import Game
from el_grande.flow.beats import Decide, Over
from el_grande.flow.scenes import GameOver, Showing, SpectatorScene, Watching
from el_grande.flow.spectate import Spectate

game = Game.new(["Ana", "Ben", "Cy"], seed=1)
d = game.decision
assert d is not None
public, own = game.view(None), game.view(0)
ok: list[SpectatorScene] = [Watching(0, public), GameOver(public), Showing("", (), 0, public, None)]
Spectate(public).beat(Decide(0, d, public))
a: SpectatorScene = Watching(0, own)  # type: ignore[arg-type]
b: SpectatorScene = GameOver(own)  # type: ignore[arg-type]
c: SpectatorScene = Showing("", (), 0, own, None)  # type: ignore[arg-type]
Spectate(own)  # type: ignore[arg-type]
Decide(0, d, own)  # type: ignore[arg-type]
Over(own)  # type: ignore[arg-type]
