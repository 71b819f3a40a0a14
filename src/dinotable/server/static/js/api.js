// The client side of the web API (see docs of issue 17): HTTP calls, the WebSocket, and the seat tokens kept
// in localStorage so the lobby can list "my tables".

const TOKENS_KEY = "dinotable.tokens";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : `the server answered ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  createTable: (body) => call("POST", "/api/tables", body),
  table: (table, token) => call("GET", `/api/tables/${encodeURIComponent(table)}${token ? `?token=${encodeURIComponent(token)}` : ""}`),
  act: (table, token, seq, action) => call("POST", `/api/tables/${encodeURIComponent(table)}/actions`, { token, seq, action }),
  undo: (table, token, seq) => call("POST", `/api/tables/${encodeURIComponent(table)}/undo`, { token, seq }),
  timeout: (table, token, level) => call("POST", `/api/tables/${encodeURIComponent(table)}/timeout`, { token, ...(level ? { level } : {}) }),
  rename: (table, token, name) => call("POST", `/api/tables/${encodeURIComponent(table)}/name`, { token, name }),
  rematch: (table, token) => call("POST", `/api/tables/${encodeURIComponent(table)}/rematch`, token ? { token } : {}),
  chat: (table, token, text) => call("POST", `/api/tables/${encodeURIComponent(table)}/chat`, { token, text }),
  reference: (game) => call("GET", `/api/games/${encodeURIComponent(game)}/reference`),
  analysis: (table) => call("GET", `/api/tables/${encodeURIComponent(table)}/analysis`),
  startAnalysis: (table) => call("POST", `/api/tables/${encodeURIComponent(table)}/analysis`),
  hint: (table, token, seq) => call("POST", `/api/tables/${encodeURIComponent(table)}/hint`, { token, seq }),
  replay: (table, step) => call("GET", `/api/tables/${encodeURIComponent(table)}/replay?step=${step}`),
  myTables: (tokens) => call("GET", `/api/tables?tokens=${tokens.map(encodeURIComponent).join(",")}`),
};

export function savedTokens() {
  try {
    const parsed = JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

export function saveToken(table, token) {
  if (!token) return;
  const tokens = savedTokens();
  tokens[table] = token;
  localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
}

// The name this browser's person last gave, offered again at the next table.
const NAME_KEY = "dinotable.name";

export function savedName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export function saveName(name) {
  if (name) localStorage.setItem(NAME_KEY, name);
}

/**
 * Follows a table over its WebSocket: onState gets every full state (never an older one than already shown);
 * the socket reconnects after a drop, and a jump of more than one decision re-fetches the state over HTTP.
 * Between states the server may say only who is connected now ({presence: [seats]}): the last state is shown
 * again with that.
 */
export function follow(table, token, onState, onConnection) {
  let latestSeq = -1;
  let latest = null;
  let socket = null;
  let closed = false;
  let retry = 500;

  // The socket delivers the server's states in order (an undo goes back a decision), so each is shown; an
  // HTTP answer may arrive after newer pushes and is shown only if it is not older, unless it is an undo's.
  const show = (state) => {
    latestSeq = state.seq;
    latest = state;
    onState(state);
  };
  const present = (connected) => {
    if (!latest) return;
    const seats = (latest.seats || []).map((s) => (s.type === "human" ? { ...s, connected: connected.includes(s.seat) } : s));
    show({ ...latest, seats });
  };
  const accept = (state, { force = false } = {}) => {
    if (state.seq < latestSeq && !force) return;
    show(state);
  };

  const refetch = () => api.table(table, token).then((state) => accept(state, { force: true }), () => {});

  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    let why = null; // what the server said before it closed the socket, if it said anything
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(table)}${query}`);
    socket.addEventListener("open", () => {
      retry = 500;
      onConnection?.(true);
    });
    socket.addEventListener("message", (event) => {
      let state;
      try {
        state = JSON.parse(event.data);
      } catch {
        return;
      }
      if (state.error) why = state.error;
      else if (Array.isArray(state.presence)) present(state.presence);
      else if (latestSeq >= 0 && state.seq > latestSeq + 1 && !("view" in state)) refetch();
      else show(state);
    });
    socket.addEventListener("close", (event) => {
      onConnection?.(false, why);
      if (closed) return;
      if (why && latestSeq < 0) refetch(); // the table is shown all the same, if it may be read
      // Refused by the server (a limit, an unknown table): asking again at once would only be refused again.
      if (event.code >= 4000 || event.code === 1008) retry = Math.max(retry, 10000);
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 30000);
    });
  };
  open();
  return {
    accept,
    refetch,
    close() {
      closed = true;
      socket?.close();
    },
  };
}
