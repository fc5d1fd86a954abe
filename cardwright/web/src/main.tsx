// The client's entry: one page per address (the server serves index.html for each).
//   /                         the lobby
//   /play/<game id>           a live game (the seat's token in #token=..., kept locally)
//   /replay/<source...>       the replay viewer (game/<id>, upload/<id>, store/<name>/<n>)
import { render } from "preact";
import "./style.css";
import { Lobby } from "./pages/Lobby";
import { Play } from "./pages/Play";
import { Replay } from "./pages/Replay";

function App() {
  const path = location.pathname;
  const play = path.match(/^\/play\/([A-Za-z0-9_-]+)\/?$/);
  if (play) return <Play gameId={play[1]} />;
  const replay = path.match(/^\/replay\/(.+)$/);
  if (replay) return <Replay source={replay[1]} />;
  return <Lobby />;
}

render(<App />, document.getElementById("app")!);
