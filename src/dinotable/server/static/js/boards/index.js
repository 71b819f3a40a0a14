// Board renderers by game name; a game without its own board gets the generic one, so every game is playable.
const BOARDS = {
  dinogenics: () => import("./dinogenics.js"),
  "my-funny-dinos": () => import("./my-funny-dinos.js"),
  "tiny-epic-dinosaurs": () => import("./tiny-epic-dinosaurs.js"),
};

export async function boardFor(game) {
  const load = BOARDS[game] || (() => import("./generic.js"));
  return load();
}
