// omaha-fast view: the page. Plain JavaScript, no build step; every figure comes from the
// local server's JSON API (aggregates and pages of hands, never the whole solve).
"use strict";

const state = {
  path: "", turn: "", river: "", family: "", group: "class", filter: "", category: "",
  cls: "", sort: "weight", desc: true, offset: 0, limit: 50, hand: "", runout: null,
};
let spot = null;
let node = null;
let tree = null;
let tables = 0;       // tables drawn so far: a test waits for the next one

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") e.addEventListener("click", v);
    else if (k === "style") e.setAttribute("style", v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const pct = (x) => (x === null || x === undefined ? "–" : (100 * x).toFixed(1) + "%");
const chips = (x) => (x === null || x === undefined ? "–" : x.toFixed(2));
const who = (p) => (p === 0 ? "OOP" : "IP");

function cards(text) {
  const span = el("span", {});
  for (let i = 0; i + 1 < text.length; i += 2) {
    span.append(el("span", { class: "card suit-" + text[i + 1] }, text.slice(i, i + 2)));
  }
  return span;
}

// a colour for each action: folds blue, checks and calls green, bets and raises red,
// darker for bigger ones
function colors(actions) {
  const reds = ["#ef9a9a", "#e57373", "#e53935", "#c62828", "#8e0000", "#5d0000"];
  let k = 0;
  return actions.map((a) => {
    if (a.startsWith("fold")) return "#5b8def";
    if (a.startsWith("check") || a.startsWith("call")) return "#5cb85c";
    return reds[Math.min(k++, reds.length - 1)];
  });
}

function bar(freqs, actions, cls) {
  const col = colors(actions);
  const b = el("div", { class: "bar " + (cls || "") });
  freqs.forEach((f, i) => {
    b.append(el("span", { style: `width:${(100 * f).toFixed(3)}%;background:${col[i]}`,
                          title: `${actions[i]} ${pct(f)}` }));
  });
  return b;
}

async function api(name, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== "" && v !== null && v !== undefined) q.set(k, v);
  }
  const resp = await fetch(`api/${name}?${q}`);
  const body = await resp.json();
  if (!resp.ok) throw new Error(body.error || resp.statusText);
  return body;
}

function where() {
  return { path: state.path, turn: state.turn, river: state.river };
}

function showError(err) {
  const box = $("error");
  box.textContent = err ? String(err.message || err) : "";
  box.hidden = !err;
}

// ---- the spot and the node -----------------------------------------------------------

function renderSpot() {
  const s = spot;
  const box = $("spot");
  box.replaceChildren(
    el("span", {}, `${s.game === "hilo" ? "Omaha Hi-Lo" : "Omaha High"} ${s.street}, board `),
    cards(s.board),
    el("span", {}, ` · pot ${s.pot} · stack ${s.stack} · ${s.hands[0].toLocaleString()} ` +
      `hands OOP, ${s.hands[1].toLocaleString()} IP · ${s.iterations} iterations, ` +
      `exploitability ${s.exploitability_pct.toFixed(3)}% of the pot`));
}

// runout: {path, deals} of a chance node whose run-out to show at once
function go(path, turn, river, runout) {
  delete document.body.dataset.node;
  state.path = path;
  state.turn = turn || "";
  state.river = river || "";
  state.offset = 0;
  state.hand = "";
  state.category = "";
  state.cls = "";
  state.runout = runout || null;
  const q = new URLSearchParams({ path });
  if (state.turn) q.set("turn", state.turn);
  if (state.river) q.set("river", state.river);
  history.replaceState(null, "", "#" + q);
  return load();
}

async function load() {
  try {
    showError(null);
    node = await api("node", { ...where(), family: state.family });
    renderNode();
    renderOutline();
    renderCategories(node.categories);
    const chance = state.runout || node.chance_above;
    await Promise.all([loadHands(), loadRanges(), loadRunout(chance), loadHand()]);
    // what a test (or a script taking screenshots) waits for: the node shown, complete
    document.body.dataset.node = [state.path, state.turn, state.river].join("|");
  } catch (err) {
    showError(err);
  }
}

function renderNode() {
  const n = node;
  const line = $("line");
  line.replaceChildren(el("li", {}, el("a", { href: "#", onclick: (e) => {
    e.preventDefault(); go("");
  } }, "root")));
  for (const step of n.line) {
    // a step after a dealt card keeps the cards dealt before it
    const street = step.street;
    const turn = street === "flop" ? "" : n.dealt.turn || "";
    const river = street === "river" && spot.street !== "river" ? n.dealt.river || "" : "";
    line.append(el("li", {}, el("a", { href: "#", "data-path": step.path, onclick: (e) => {
      e.preventDefault(); go(step.path, turn, river);
    } }, `${who(step.player)} ${step.action}`)));
  }
  $("node-info").replaceChildren(
    el("div", {}, el("strong", { id: "node-player" }, who(n.player)), ` to act on the ${n.street}, board `,
       cards(n.board)),
    el("div", { class: "muted" }, `pot ${chips(n.pot)} (put in: OOP ${chips(n.contrib[0])}, ` +
       `IP ${chips(n.contrib[1])}) · reaching here: OOP ${n.combos[0].toLocaleString()} hands, ` +
       `IP ${n.combos[1].toLocaleString()}`));
  const col = colors(n.children.map((c) => c.action));
  const kids = $("children");
  kids.replaceChildren();
  n.children.forEach((c, i) => {
    const a = n.actions[i];
    let tail;
    let click = null;
    if (c.kind === "action") {
      tail = "›";
      click = () => go(c.path, state.turn, state.river);
    } else if (c.kind === "chance") {
      tail = `deal the ${c.deals} ›`;
      click = () => {
        state.runout = { path: c.path, deals: c.deals };
        loadRunout(state.runout);
        markChosen(i);
      };
    } else if (c.kind === "fold") {
      tail = "hand over";
    } else {
      tail = "showdown";
    }
    const chosen = c.kind === "chance" && state.runout && state.runout.path === c.path;
    kids.append(el("button", { type: "button", "data-action": c.action, "data-kind": c.kind,
                               class: chosen ? "chosen" : null,
                               disabled: click ? null : "disabled", onclick: click },
      el("span", {}, el("span", { class: "swatch", style: `background:${col[i]}` }), c.action),
      el("span", { class: "muted" }, `${pct(a.frequency)} · EV ${chips(a.ev)} · ${tail}`)));
  });
  $("export-node").href = `api/export?${new URLSearchParams(
    Object.fromEntries(Object.entries(where()).filter(([, v]) => v)))}`;
  $("strategy-who").textContent = `${who(n.player)}, EV ${chips(n.ev)}, equity ${pct(n.equity)}`;
  const names = n.actions.map((a) => a.action);
  $("actions").replaceChildren(
    el("thead", {}, el("tr", {}, el("th", {}, "action"), el("th", {}, "frequency"),
                       el("th", {}, "EV"))),
    el("tbody", {}, ...n.actions.map((a) => el("tr", { "data-action": a.action },
      el("td", {}, a.action), el("td", { class: "freq" }, pct(a.frequency)),
      el("td", { class: "ev" }, chips(a.ev))))));
  $("action-bar").replaceWith(Object.assign(bar(n.actions.map((a) => a.frequency), names, "big"),
                                            { id: "action-bar" }));
}

// every action node, indented by its line; a node below a card not chosen yet opens the
// run-out of the first such card, at the node before it
function renderOutline() {
  const list = $("outline");
  list.replaceChildren();
  const chances = new Map();
  for (const t of tree.nodes) {
    for (const n of t.next) if (n.kind === "chance") chances.set(n.path, n.deals);
  }
  const have = tree.deals.map((d) => state[d]).filter(Boolean);
  for (const t of tree.nodes) {
    const steps = t.path ? t.path.split("/") : [];
    const label = t.path ? steps[steps.length - 1] : "root";
    const li = el("li", { "data-path": t.path, "data-depth": t.depth,
                          class: t.path === node.path && t.depth === Object.keys(node.dealt).length
                            ? "here" : null,
                          style: `padding-left:${steps.length * 1.1}em` },
      `${who(t.player)} `, el("strong", {}, label),
      el("span", { class: "muted" }, ` · ${t.street}, pot ${chips(t.pot)}`));
    li.addEventListener("click", () => {
      if (t.depth <= have.length) {
        const cards = Object.fromEntries(tree.deals.slice(0, t.depth).map((d, k) => [d, have[k]]));
        go(t.path, cards.turn, cards.river);
        return;
      }
      // the chance nodes on the line, in order: the first one whose card is missing
      const prefixes = steps.map((_, k) => steps.slice(0, k + 1).join("/"))
        .filter((p) => chances.has(p));
      const missing = prefixes[have.length];
      const parent = missing.includes("/") ? missing.slice(0, missing.lastIndexOf("/")) : "";
      const cards = Object.fromEntries(tree.deals.slice(0, have.length).map((d, k) => [d, have[k]]));
      go(parent, cards.turn, cards.river, { path: missing, deals: chances.get(missing) });
    });
    list.append(li);
  }
}

function markChosen(i) {
  [...$("children").children].forEach((b, k) => b.classList.toggle("chosen", k === i));
}

function renderCategories(c) {
  const fam = $("family");
  fam.replaceChildren(...c.families.map((f) => el("option", { value: f }, f)));
  fam.value = c.family;
  state.family = c.family;
  const box = $("categories");
  box.replaceChildren();
  const names = node.actions.map((a) => a.action);
  const maxShare = Math.max(1e-9, ...c.rows.map((r) => r.share));
  for (const r of c.rows) {
    const key = `${c.family}:${r.label}`;
    box.append(
      el("span", { class: "label" + (state.category === key ? " chosen" : ""),
                   "data-category": key, onclick: () => {
                     state.category = state.category === key ? "" : key;
                     state.offset = 0;
                     renderCategories(c);
                     loadHands();
                   } }, r.label),
      el("div", { class: "share-bar", style: `width:${(100 * r.share / maxShare).toFixed(2)}%` },
         bar(r.frequencies, names, "")),
      el("span", { class: "muted" }, pct(r.share)),
      el("span", {}, `EV ${chips(r.ev)}`),
      el("span", { class: "muted" }, `eq ${pct(r.equity)}`));
  }
}

// ---- the table of hands --------------------------------------------------------------

async function loadHands() {
  const page = await api("hands", {
    ...where(), group: state.group, filter: state.filter, category: state.category,
    class: state.cls, sort: state.sort, desc: state.desc ? "1" : "0", offset: state.offset,
    limit: state.limit });
  renderHands(page);
}

function renderHands(page) {
  const names = page.actions;
  const cols = [
    ["name", state.group === "hand" ? "hand" : "class"],
    ...(state.group === "class" ? [["hands", "hands"]] : []),
    ["weight", "weight"], ["", "share"],
    ...names.map((a, i) => [`freq:${i}`, a]),
    ...names.map((a, i) => [`ev:${i}`, `EV ${a}`]),
    ["ev", "EV"], ["", "equity"],
  ];
  const head = el("tr", {}, ...cols.map(([key, label]) => {
    if (!key) return el("th", {}, label);
    const sorted = state.sort === key;
    return el("th", { "data-sort": key,
                      class: sorted ? "sorted" + (state.desc ? "" : " asc") : null,
                      onclick: () => {
                        if (state.sort === key) state.desc = !state.desc;
                        else { state.sort = key; state.desc = key !== "name"; }
                        state.offset = 0;
                        loadHands().catch(showError);
                      } }, label);
  }));
  const body = el("tbody", {});
  for (const r of page.rows) {
    const cells = [el("td", { class: "name" }, r.name)];
    if (state.group === "class") cells.push(el("td", {}, r.hands));
    cells.push(el("td", {}, r.weight.toFixed(2)), el("td", {}, pct(r.share)));
    r.frequencies.forEach((f, i) => cells.push(el("td", { class: "freq", "data-action": names[i] }, pct(f))));
    r.action_ev.forEach((v) => cells.push(el("td", {}, chips(v))));
    cells.push(el("td", { class: "ev" }, chips(r.ev)), el("td", { class: "equity" }, pct(r.equity)));
    body.append(el("tr", { "data-name": r.name,
                           class: state.hand === r.name ? "chosen" : null,
                           onclick: (e) => {
                             if (state.group === "class") {
                               state.cls = r.name; state.group = "hand"; state.offset = 0;
                               $("group").value = "hand";
                               loadHands().catch(showError);
                             } else {
                               state.hand = r.name;
                               loadHand().catch(showError);
                               for (const tr of body.children) tr.classList.toggle("chosen", tr === e.currentTarget);
                             }
                           } }, ...cells));
  }
  $("hands").replaceChildren(el("thead", {}, head), body);
  document.body.dataset.tables = String(++tables);
  const last = Math.min(page.offset + page.rows.length, page.total);
  $("page-info").textContent = page.total
    ? `${page.offset + 1}–${last} of ${page.total.toLocaleString()}` : "no rows";
  $("prev").disabled = page.offset <= 0;
  $("next").disabled = last >= page.total;
  $("table-summary").textContent = `${who(page.player)} to act: ${page.total.toLocaleString()} ` +
    `${page.group === "hand" ? "hands" : "classes"}, ${pct(page.share)} of the range ` +
    `reaching here. Sorted by ${state.sort}; ties by weight, then EV, then name.`;
  const tags = [];
  if (state.category) tags.push(["category", state.category, () => { state.category = ""; }]);
  if (state.cls) tags.push(["class", state.cls, () => { state.cls = ""; }]);
  $("chips").replaceChildren(...tags.map(([k, v, clear]) => el("span", { class: "chip" },
    `${k}: ${v}`, el("button", { type: "button", title: "remove", onclick: () => {
      clear(); state.offset = 0; renderCategories(node.categories); loadHands().catch(showError);
    } }, "×"))));
}

async function loadHand() {
  if (!state.hand) {
    $("hand-name").textContent = "(click a hand in the table)";
    $("hand-detail").replaceChildren();
    return;
  }
  let h;
  try {
    h = await api("hand", { ...where(), hand: state.hand });
  } catch (err) {
    state.hand = "";
    return loadHand();
  }
  $("hand-name").replaceChildren(cards(h.hand), el("span", { class: "muted" },
    ` ${h.class} · ${who(h.player)}, reach ${h.weight.toFixed(3)} of ${h.prior.toFixed(3)}, ` +
    `EV ${chips(h.ev)}, equity ${pct(h.equity)}`));
  const names = h.actions.map((a) => a.action);
  document.body.dataset.hand = h.hand;
  $("hand-detail").replaceChildren(
    el("table", { id: "hand-actions", class: "grid-table" },
       el("thead", {}, el("tr", {}, el("th", {}, "action"), el("th", {}, "frequency"),
                          el("th", {}, "EV"))),
       el("tbody", {}, ...h.actions.map((a) => el("tr", { "data-action": a.action },
         el("td", {}, a.action), el("td", { class: "freq" }, pct(a.frequency)),
         el("td", { class: "ev" }, chips(a.ev)))))),
    bar(h.actions.map((a) => a.frequency), names, "big"),
    el("p", { class: "muted" }, Object.entries(h.categories).map(([f, l]) => `${f}: ${l}`).join(" · ")));
}

// ---- the run-out ----------------------------------------------------------------------

// chance: {path, deals} of a chance node, the current node's child or the one just above
async function loadRunout(chance) {
  const panel = $("runout-panel");
  if (!chance) {
    panel.hidden = true;
    return;
  }
  // a flop spot's river comes after a turn card: the one dealt on the way here
  const turn = chance.deals === "river" && spot.street === "flop" ? node.dealt.turn : "";
  try {
    renderRunout(await api("runout", { path: chance.path, turn }));
  } catch (err) {
    showError(err);
  }
}

function renderRunout(r) {
  $("runout-panel").hidden = false;
  $("runout-title").textContent = `Run-out: the ${r.deals} after ${r.path || "the root"}`;
  const current = node.dealt[r.deals] || "";
  $("runout").replaceChildren(
    el("thead", {}, el("tr", {}, el("th", {}, r.deals), el("th", {}, "to act"),
       ...r.actions.map((a) => el("th", {}, a)), el("th", {}, "EV"), el("th", {}, "strategy"))),
    el("tbody", {}, ...r.rows.map((row) => el("tr", {
      "data-card": row.card, class: row.card === current ? "chosen" : null,
      onclick: () => {
        const turn = r.deals === "turn" ? row.card : state.turn;
        const river = r.deals === "river" ? row.card : "";
        go(r.path, turn, river);
      } },
      el("td", {}, cards(row.card)), el("td", {}, who(row.player)),
      ...row.frequencies.map((f) => el("td", { class: "freq" }, pct(f))),
      el("td", { class: "ev" }, chips(row.ev)),
      el("td", { style: "width:30%" }, bar(row.frequencies, r.actions, ""))))));
}

// ---- the ranges -----------------------------------------------------------------------

async function loadRanges() {
  const box = $("ranges");
  const parts = [];
  for (const player of [0, 1]) {
    const r = await api("range", { ...where(), player });
    const q = (format) => new URLSearchParams({ ...where(), player, format });
    const shown = r.in_text > r.text.split(",").length ? " …" : "";
    parts.push(el("div", { class: "range-box", "data-player": player },
      el("h3", {}, `${who(player)}: ${r.hands.toLocaleString()} hands, weight ${r.weight.toFixed(2)}`),
      el("div", { class: "row" },
         el("a", { href: `api/range?${q("text")}`, class: "export-text" },
            "export as range text"),
         el("a", { href: `api/range?${q("json")}`, class: "export-json" },
            "export as arrays (JSON)")),
      el("p", { class: "hint" }, `The heaviest hands, @ their reach with the most reached ` +
         `at 100 (${r.in_text.toLocaleString()} hands in the export):`),
      el("textarea", { rows: 3, readonly: "readonly" }, r.text + shown)));
  }
  box.replaceChildren(...parts);
}

// ---- wiring ---------------------------------------------------------------------------

function wire() {
  $("filter-form").addEventListener("submit", (e) => {
    e.preventDefault();
    state.filter = $("filter").value.trim();
    state.offset = 0;
    loadHands().then(() => showError(null)).catch(showError);
  });
  $("group").addEventListener("change", () => {
    state.group = $("group").value;
    state.cls = "";
    state.offset = 0;
    if (state.group === "class" && state.sort === "hands") state.sort = "weight";
    loadHands().catch(showError);
  });
  $("family").addEventListener("change", async () => {
    state.family = $("family").value;
    try {
      renderCategories(await api("categories", { ...where(), family: state.family }));
    } catch (err) { showError(err); }
  });
  $("prev").addEventListener("click", () => {
    state.offset = Math.max(0, state.offset - state.limit); loadHands().catch(showError);
  });
  $("next").addEventListener("click", () => {
    state.offset += state.limit; loadHands().catch(showError);
  });
}

async function start() {
  wire();
  try {
    spot = await api("spot");
  } catch (err) {
    showError(err);
    return;
  }
  renderSpot();
  tree = await api("tree");
  const q = new URLSearchParams(location.hash.slice(1));
  await go(q.get("path") || "", q.get("turn") || "", q.get("river") || "");
  document.body.dataset.ready = "1";
}

start();
