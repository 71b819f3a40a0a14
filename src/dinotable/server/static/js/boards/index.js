// Board renderers by game name. A game without its own board gets the generic one, so every game is playable;
// "?board=plain" on a table's address asks for the generic one for any game (the view as panels and the table
// as text, which a screen reader reads in order).
const BOARDS = {
  dinogenics: () => import("./dinogenics.js"),
  "my-funny-dinos": () => import("./my-funny-dinos.js"),
  "tiny-epic-dinosaurs": () => import("./tiny-epic-dinosaurs.js"),
};

export async function boardFor(game, plain = false) {
  const load = (!plain && BOARDS[game]) || (() => import("./generic.js"));
  return load();
}
