/* The engine's API (of_engine.h): the spot checked and copied, the suit swaps that map the
 * ranges onto themselves, the fold kernel's indices, the storage, and the calls. */
#include "platform.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

static uint32_t hand_key(const uint8_t *h) {   /* the 4 cards sorted, 6 bits each */
    uint8_t c[4] = {h[0], h[1], h[2], h[3]};
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) { uint8_t t = c[j]; c[j] = c[j - 1]; c[j - 1] = t; }
    return (uint32_t)c[0] << 18 | (uint32_t)c[1] << 12 | (uint32_t)c[2] << 6 | c[3];
}

typedef struct { uint32_t key, row; } keyed;

static int by_key(const void *a, const void *b) {
    uint32_t x = ((const keyed *)a)->key, y = ((const keyed *)b)->key;
    return x < y ? -1 : x > y;
}

/* the row of the hand with this key in a sorted index, or -1 */
static int64_t find_key(const keyed *index, size_t n, uint32_t key) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (index[mid].key < key) lo = mid + 1; else hi = mid;
    }
    return lo < n && index[lo].key == key ? (int64_t)index[lo].row : -1;
}

/* ---- checking and copying the spot ---- */

static int check_template(const of_engine_spec *s) {
    size_t n = s->n_nodes;
    if (!n || n > 10000000 || !s->kind || !s->player || !s->child_start || !s->children ||
        !s->contrib)
        return OF_ERR_ARG;
    if (s->child_start[0] != 0) return OF_ERR_ARG;
    for (size_t k = 0; k < n; k++) {
        int32_t first = s->child_start[k], last = s->child_start[k + 1];
        if (last < first || (size_t)last > 16 * n) return OF_ERR_ARG;
        int32_t count = last - first;
        int kind = s->kind[k], player = s->player[k];
        if (kind == OF_NODE_ACTION) {
            if (count < 1 || count > ENGINE_MAX_ACTIONS || (player != 0 && player != 1))
                return OF_ERR_ARG;
        } else if (kind == OF_NODE_FOLD) {
            if (count || (player != 0 && player != 1)) return OF_ERR_ARG;
        } else if (kind == OF_NODE_SHOWDOWN) {
            if (count) return OF_ERR_ARG;
        } else if (kind == OF_NODE_CHANCE) {
            if (count != 1) return OF_ERR_ARG;
        } else {
            return OF_ERR_ARG;
        }
        for (int32_t c = first; c < last; c++)   /* preorder: children after their parent */
            if (s->children[c] <= (int32_t)k || (size_t)s->children[c] >= n) return OF_ERR_ARG;
        for (int p = 0; p < 2; p++) {
            double x = s->contrib[2 * k + p];
            if (!(x >= 0.0 && x <= 1e300)) return OF_ERR_ARG;
        }
    }
    return OF_OK;
}

static int check_spec(const of_engine_spec *s) {
    if (!s || !s->board || s->n_board < 3 || s->n_board > 5) return OF_ERR_ARG;
    if (s->game != OF_GAME_HILO && s->game != OF_GAME_HIGH) return OF_ERR_ARG;
    if (!(s->pot > 0.0 && s->pot <= 1e300)) return OF_ERR_ARG;
    if (!(s->rake_pct >= 0.0 && s->rake_pct <= 1.0) || isnan(s->rake_cap)) return OF_ERR_ARG;
    if (s->storage != OF_STORAGE_FLOAT && s->storage != OF_STORAGE_COMPACT) return OF_ERR_ARG;
    if (s->partial != 0 && s->partial != 1) return OF_ERR_ARG;
    uint64_t board = 0;
    for (int i = 0; i < s->n_board; i++) {
        if (s->board[i] > 51) return OF_ERR_CARD;
        if (board >> s->board[i] & 1) return OF_ERR_DUPLICATE;
        board |= (uint64_t)1 << s->board[i];
    }
    for (int p = 0; p < 2; p++) {
        size_t n = s->n_hands[p];
        if (!n || !s->hands[p] || !s->weights[p]) return OF_ERR_ARG;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *h = s->hands[p] + 4 * i;
            uint64_t mask = 0;
            for (int k = 0; k < 4; k++) {
                if (h[k] > 51) return OF_ERR_CARD;
                if ((mask | board) >> h[k] & 1) return OF_ERR_DUPLICATE;
                mask |= (uint64_t)1 << h[k];
            }
            double w = s->weights[p][i];
            if (!(w >= 0.0 && w <= 1e300)) return OF_ERR_WEIGHT;
        }
    }
    return check_template(s);
}

static int copy_spot(of_engine *e, const of_engine_spec *s) {
    e->spec = *s;
    for (int p = 0; p < 2; p++) {
        size_t n = s->n_hands[p];
        e->n[p] = n;
        e->hands[p] = malloc(4 * n);
        e->weights[p] = malloc(sizeof(double) * n);
        e->hand_mask[p] = malloc(sizeof(uint64_t) * n);
        if (!e->hands[p] || !e->weights[p] || !e->hand_mask[p]) return OF_ERR_NOMEM;
        memcpy(e->hands[p], s->hands[p], 4 * n);
        memcpy(e->weights[p], s->weights[p], sizeof(double) * n);
        for (size_t i = 0; i < n; i++) {
            const uint8_t *h = e->hands[p] + 4 * i;
            e->hand_mask[p][i] = (uint64_t)1 << h[0] | (uint64_t)1 << h[1] |
                                 (uint64_t)1 << h[2] | (uint64_t)1 << h[3];
        }
    }
    size_t n = s->n_nodes, kids = (size_t)s->child_start[n];
    e->n_tmpl = n;
    e->t_kind = malloc(sizeof(int32_t) * n);
    e->t_player = malloc(sizeof(int32_t) * n);
    e->t_child_start = malloc(sizeof(int32_t) * (n + 1));
    e->t_children = malloc(sizeof(int32_t) * (kids ? kids : 1));
    e->t_depth = calloc(n, sizeof(int32_t));
    e->t_contrib = malloc(sizeof(double) * 2 * n);
    if (!e->t_kind || !e->t_player || !e->t_child_start || !e->t_children || !e->t_depth ||
        !e->t_contrib)
        return OF_ERR_NOMEM;
    memcpy(e->t_kind, s->kind, sizeof(int32_t) * n);
    memcpy(e->t_player, s->player, sizeof(int32_t) * n);
    memcpy(e->t_child_start, s->child_start, sizeof(int32_t) * (n + 1));
    memcpy(e->t_children, s->children, sizeof(int32_t) * kids);
    memcpy(e->t_contrib, s->contrib, sizeof(double) * 2 * n);
    for (size_t k = 0; k < n; k++)   /* preorder: a parent's depth is known first */
        for (int32_t c = s->child_start[k]; c < s->child_start[k + 1]; c++)
            e->t_depth[s->children[c]] = e->t_depth[k] + (s->kind[k] == OF_NODE_CHANCE);
    e->spec.board = NULL;
    e->spec.hands[0] = e->spec.hands[1] = NULL;
    e->spec.weights[0] = e->spec.weights[1] = NULL;
    e->spec.kind = e->spec.player = e->spec.child_start = e->spec.children = NULL;
    e->spec.contrib = NULL;
    memcpy(e->board, s->board, (size_t)s->n_board);
    return OF_OK;
}

/* For each swap of two suits: the hand each hand becomes (both players), and whether the
 * swap maps each range onto itself with the same weights. Duplicate hands are refused. */
static int suit_swaps(of_engine *e) {
    int rc = OF_OK;
    keyed *index[2] = {NULL, NULL};
    for (int p = 0; p < 2 && rc == OF_OK; p++) {
        size_t n = e->n[p];
        index[p] = malloc(sizeof(keyed) * n);
        if (!index[p]) { rc = OF_ERR_NOMEM; break; }
        for (size_t i = 0; i < n; i++) {
            index[p][i].key = hand_key(e->hands[p] + 4 * i);
            index[p][i].row = (uint32_t)i;
        }
        qsort(index[p], n, sizeof(keyed), by_key);
        for (size_t i = 1; i < n; i++)
            if (index[p][i].key == index[p][i - 1].key) rc = OF_ERR_DUPLICATE;
        for (int t = 0; t < 6 && rc == OF_OK; t++) {
            e->perm[p][t] = malloc(sizeof(int32_t) * n);
            if (!e->perm[p][t]) rc = OF_ERR_NOMEM;
        }
    }
    for (int t = 0; t < 6 && rc == OF_OK; t++) {
        int a = SWAP_A[t], b = SWAP_B[t], ok = 1;
        for (int p = 0; p < 2; p++) {
            const double *w = e->weights[p];
            for (size_t i = 0; i < e->n[p]; i++) {
                uint8_t h[4];
                for (int k = 0; k < 4; k++) {
                    uint8_t c = e->hands[p][4 * i + k];
                    int s = c % 4;
                    h[k] = (uint8_t)(c - s + (s == a ? b : s == b ? a : s));
                }
                int64_t j = find_key(index[p], e->n[p], hand_key(h));
                e->perm[p][t][i] = (int32_t)j;
                if (j < 0 || fabs(w[j] - w[i]) > 1e-12 * (fabs(w[i]) > 1.0 ? fabs(w[i]) : 1.0))
                    ok = 0;
            }
        }
        e->swap_ok[t] = (uint8_t)ok;
    }
    free(index[0]);
    free(index[1]);
    return rc;
}

/* The fold kernel's pair and triple numbers and the identical hands. */
static int fold_kernels(of_engine *e) {
    enum { TRIPLES = 52 * 52 * 52 };
    int32_t *ids[2] = {NULL, NULL};
    keyed *index = NULL;
    int rc = OF_OK;
    static const int P[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    static const int T[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
    for (int p = 0; p < 2 && rc == OF_OK; p++) {
        size_t n = e->n[p];
        fold_kernel *f = &e->fold[p];
        f->pair = malloc(sizeof(uint16_t) * 6 * n);
        f->own_triple = malloc(sizeof(uint32_t) * 4 * n);
        f->cross_triple = malloc(sizeof(uint32_t) * 4 * n);
        f->same = malloc(sizeof(int64_t) * n);
        ids[p] = malloc(sizeof(int32_t) * TRIPLES);
        if (!f->pair || !f->own_triple || !f->cross_triple || !f->same || !ids[p]) {
            rc = OF_ERR_NOMEM;
            break;
        }
        for (size_t x = 0; x < TRIPLES; x++) ids[p][x] = -1;
        size_t next = 0;
        for (size_t i = 0; i < n; i++) {
            uint8_t c[4];
            memcpy(c, e->hands[p] + 4 * i, 4);
            for (int a = 1; a < 4; a++)
                for (int b = a; b > 0 && c[b - 1] > c[b]; b--) { uint8_t t = c[b]; c[b] = c[b - 1]; c[b - 1] = t; }
            for (int k = 0; k < 6; k++) f->pair[6 * i + k] = (uint16_t)(c[P[k][0]] * 52 + c[P[k][1]]);
            for (int k = 0; k < 4; k++) {
                size_t key = (size_t)c[T[k][0]] * 2704 + (size_t)c[T[k][1]] * 52 + c[T[k][2]];
                if (ids[p][key] < 0) ids[p][key] = (int32_t)next++;
                f->own_triple[4 * i + k] = (uint32_t)ids[p][key];
            }
        }
        f->n_triples = next;
    }
    for (int p = 0; p < 2 && rc == OF_OK; p++) {   /* a player's triples among the other's */
        int q = 1 - p;
        fold_kernel *f = &e->fold[p];
        for (size_t i = 0; i < e->n[p]; i++) {
            uint8_t c[4];
            memcpy(c, e->hands[p] + 4 * i, 4);
            for (int a = 1; a < 4; a++)
                for (int b = a; b > 0 && c[b - 1] > c[b]; b--) { uint8_t t = c[b]; c[b] = c[b - 1]; c[b - 1] = t; }
            for (int k = 0; k < 4; k++) {
                size_t key = (size_t)c[T[k][0]] * 2704 + (size_t)c[T[k][1]] * 52 + c[T[k][2]];
                int32_t id = ids[q][key];
                f->cross_triple[4 * i + k] = id < 0 ? (uint32_t)e->fold[q].n_triples : (uint32_t)id;
            }
        }
        index = malloc(sizeof(keyed) * e->n[q]);
        if (!index) { rc = OF_ERR_NOMEM; break; }
        for (size_t j = 0; j < e->n[q]; j++) {
            index[j].key = hand_key(e->hands[q] + 4 * j);
            index[j].row = (uint32_t)j;
        }
        qsort(index, e->n[q], sizeof(keyed), by_key);
        for (size_t i = 0; i < e->n[p]; i++)
            f->same[i] = find_key(index, e->n[q], hand_key(e->hands[p] + 4 * i));
        free(index);
        index = NULL;
    }
    free(ids[0]);
    free(ids[1]);
    return rc;
}

/* ---- making and freeing an engine ---- */

void of_engine_free(of_engine *e) {
    if (!e) return;
    walk_free(e);
    arena_free(e);
    for (int p = 0; p < 2; p++) {
        free(e->hands[p]); free(e->weights[p]); free(e->hand_mask[p]);
        for (int t = 0; t < 6; t++) free(e->perm[p][t]);
        free(e->fold[p].pair); free(e->fold[p].own_triple); free(e->fold[p].cross_triple);
        free(e->fold[p].same);
    }
    free(e->t_kind); free(e->t_player); free(e->t_child_start); free(e->t_children);
    free(e->t_depth); free(e->t_contrib);
    free(e->regrets); free(e->sums); free(e->locked);
    free(e->cregrets); free(e->csums); free(e->rscale); free(e->sscale);
    free(e);
}

/* Everything up to the arena (no storage, tables or buffers): what the estimate needs. */
static int engine_plan(const of_engine_spec *spec, int threads, of_engine **out) {
    *out = NULL;
    if (threads < 0) return OF_ERR_ARG;
    int rc = check_spec(spec);
    if (rc != OF_OK) return rc;
    of_engine *e = calloc(1, sizeof *e);
    if (!e) return OF_ERR_NOMEM;
    e->threads = threads;
    if ((rc = copy_spot(e, spec)) == OF_OK && (rc = suit_swaps(e)) == OF_OK &&
        (rc = fold_kernels(e)) == OF_OK)
        rc = arena_build(e);
    if (rc != OF_OK) { of_engine_free(e); return rc; }
    *out = e;
    return OF_OK;
}

static uint64_t arena_bytes(const of_engine *e) {
    return sizeof(arena_node) * e->n_nodes + sizeof(uint32_t) * e->n_kids +
           sizeof(chance_child) * e->n_chance + sizeof(segment) * e->n_segs +
           (sizeof(river_board) + 12) * e->n_boards +
           (uint64_t)(e->n[0] + e->n[1]) * (4 + 8 + 8 + 6 * 4 + 12 + 2 * 6 + 4 * 4 + 4 * 4 + 8);
}

static void fill_size(const of_engine *e, uint64_t table_bytes, of_engine_size *out) {
    memset(out, 0, sizeof *out);
    out->nodes = e->n_nodes;
    for (size_t k = 0; k < e->n_nodes; k++) out->action_nodes += e->nodes[k].kind == OF_NODE_ACTION;
    out->chance_children = e->n_chance;
    out->boards = e->n_boards;
    out->entries = e->entries;
    out->storage_bytes = e->spec.storage == OF_STORAGE_COMPACT
        ? (sizeof(int16_t) + sizeof(uint16_t)) * e->entries + 2 * sizeof(float) * e->n_action
        : 2 * sizeof(float) * e->entries;
    out->table_bytes = table_bytes;
    out->other_bytes = arena_bytes(e) + walk_bytes(e);
    out->total_bytes = out->storage_bytes + out->table_bytes + out->other_bytes;
}

int of_engine_estimate(const of_engine_spec *spec, int threads, of_engine_size *out) {
    if (!out) return OF_ERR_ARG;
    of_engine *e;
    int rc = engine_plan(spec, threads, &e);
    if (rc != OF_OK) return rc;
    /* the tables: one board's measured, times the boards (they differ little in size) */
    uint64_t table_bytes = 0;
    if (e->n_boards) {
        size_t all = e->n_boards;
        e->n_boards = 1;
        rc = arena_tables(e);
        if (rc == OF_OK)
            for (int p = 0; p < 2; p++)
                table_bytes += of_showdown_table_bytes(e->boards[0].table[p]);
        table_bytes = table_bytes * all + (uint64_t)all * 4 * (e->n[0] + e->n[1]);
        fill_size(e, table_bytes, out);
        e->n_boards = 1;   /* so that arena_free frees the one table */
        out->boards = all;
    } else {
        fill_size(e, 0, out);
    }
    of_engine_free(e);
    return rc;
}

int of_engine_new(const of_engine_spec *spec, int threads, of_engine **out) {
    if (!out) return OF_ERR_ARG;
    of_engine *e;
    int rc = engine_plan(spec, threads, &e);
    if (rc != OF_OK) return rc;
    size_t entries = e->entries ? e->entries : 1, nodes = e->n_action ? e->n_action : 1;
    if (spec->storage == OF_STORAGE_COMPACT) {
        e->cregrets = calloc(entries, sizeof(int16_t));
        e->csums = calloc(entries, sizeof(uint16_t));
        e->rscale = calloc(nodes, sizeof(float));
        e->sscale = calloc(nodes, sizeof(float));
        if (!e->cregrets || !e->csums || !e->rscale || !e->sscale) rc = OF_ERR_NOMEM;
    } else {
        e->regrets = calloc(entries, sizeof(float));
        e->sums = calloc(entries, sizeof(float));
        if (!e->regrets || !e->sums) rc = OF_ERR_NOMEM;
    }
    if (rc == OF_OK) rc = arena_tables(e);
    if (rc == OF_OK) rc = walk_alloc(e);
    if (rc != OF_OK) { of_engine_free(e); return rc; }
    *out = e;
    return OF_OK;
}

int of_engine_size_of(const of_engine *e, of_engine_size *out) {
    if (!e || !out) return OF_ERR_ARG;
    uint64_t table_bytes = 0;
    for (size_t b = 0; b < e->n_boards; b++)
        for (int p = 0; p < 2; p++)
            table_bytes += of_showdown_table_bytes(e->boards[b].table[p]) +
                           sizeof(uint32_t) * e->boards[b].n_live[p];
    fill_size(e, table_bytes, out);
    if (e->locked) out->other_bytes += e->entries, out->total_bytes += e->entries;
    return OF_OK;
}

/* ---- the calls ---- */

int of_engine_discount(of_engine *e, uint32_t it, double alpha, double beta, double gamma) {
    if (!e || !it || !(alpha >= 0.0 && alpha <= 100.0) || !(beta >= 0.0 && beta <= 100.0) ||
        !(gamma >= 0.0 && gamma <= 100.0))
        return OF_ERR_ARG;
    double t = (double)it - 1.0, ta = pow(t, alpha), tb = pow(t, beta);
    e->disc_pos = ta / (ta + 1.0);
    e->disc_neg = tb / (tb + 1.0);
    e->disc_avg = pow(t / (t + 1.0), gamma);
    return OF_OK;
}

int of_engine_iterate(of_engine *e, uint32_t first, uint32_t count, double alpha,
                      double beta, double gamma) {
    int rc = of_engine_discount(e, first + 1, alpha, beta, gamma);
    if (rc != OF_OK) return rc;
    if (e->spec.partial) return OF_ERR_ARG;
    size_t width = engine_width(e);
    double *root = malloc(sizeof(double) * width);
    if (!root) return OF_ERR_NOMEM;
    for (uint32_t it = first + 1; it <= first + count && rc == OF_OK; it++) {
        rc = of_engine_discount(e, it, alpha, beta, gamma);
        for (int p = 0; p < 2 && rc == OF_OK; p++) rc = walk_pass(e, p, OF_ENGINE_CFR, root);
    }
    free(root);
    return rc;
}

int of_engine_root_values(of_engine *e, int player, int mode, double *out) {
    if (!e || !out || (player != 0 && player != 1) ||
        (mode != OF_ENGINE_BR && mode != OF_ENGINE_EV))
        return OF_ERR_ARG;
    return walk_pass(e, player, mode, out);
}

int of_engine_locate(const of_engine *e, uint32_t tmpl, const uint8_t *cards, int n_cards,
                     uint64_t *node, uint8_t *suit_map) {
    if (!e || !node || !suit_map || tmpl >= e->n_tmpl || n_cards < 0 ||
        (n_cards && !cards) || e->t_depth[tmpl] != n_cards)
        return OF_ERR_ARG;
    /* the template path, root first */
    int32_t path[512];
    int len = 0;
    for (int32_t t = (int32_t)tmpl; t != 0;) {   /* parents: the node whose child t is */
        if (len == 511) return OF_ERR_ARG;
        path[len++] = t;
        int32_t parent = t - 1;
        while (parent >= 0) {
            int found = 0;
            for (int32_t c = e->t_child_start[parent]; c < e->t_child_start[parent + 1]; c++)
                found |= e->t_children[c] == t;
            if (found) break;
            parent--;
        }
        if (parent < 0) return OF_ERR_ARG;
        t = parent;
    }
    uint8_t map[4] = {0, 1, 2, 3};
    uint64_t dealt = e->segs[0].dealt;
    uint64_t k = 0;
    int used = 0;
    for (int at = len - 1; at >= 0; at--) {
        const arena_node *nd = &e->nodes[k];
        if (nd->kind == OF_NODE_ACTION) {
            int a = 0;
            while (a < nd->n_children && (int32_t)e->nodes[e->kids[nd->first + a]].tmpl != path[at]) a++;
            if (a == nd->n_children) return OF_ERR_ARG;
            k = e->kids[nd->first + a];
            continue;
        }
        if (nd->kind != OF_NODE_CHANCE || used >= n_cards) return OF_ERR_ARG;
        uint8_t real = cards[used++];
        if (real > 51 || dealt >> real & 1) return OF_ERR_CARD;
        dealt |= (uint64_t)1 << real;
        uint8_t seen = (uint8_t)(real - real % 4 + map[real % 4]);
        const chance_child *hit = NULL;
        for (uint32_t c = 0; c < nd->n_children && !hit; c++) {
            const chance_child *ch = &e->chance[nd->first + c];
            if (ch->card == seen) hit = ch;
            for (int w = 0; w < ch->n_twins && !hit; w++)
                if (ch->card / 4 == seen / 4 && ch->twins[w] == seen % 4) {
                    hit = ch;
                    /* the twin's suit and the kept one's trade places */
                    uint8_t a = seen % 4, b = ch->card % 4;
                    for (int s = 0; s < 4; s++)
                        map[s] = map[s] == a ? b : map[s] == b ? a : map[s];
                }
        }
        if (!hit) return OF_ERR_CARD;
        if (hit->seg == UINT32_MAX) return OF_ERR_ARG;   /* a part another engine holds */
        k = e->segs[hit->seg].start;
    }
    *node = k;
    memcpy(suit_map, map, 4);
    return OF_OK;
}

int of_engine_strategy(const of_engine *e, uint64_t node, int average, double *out) {
    if (!e || !out || node >= e->n_nodes || e->nodes[node].kind != OF_NODE_ACTION)
        return OF_ERR_ARG;
    node_strategy(e, &e->nodes[node], average != 0, out);
    return OF_OK;
}

int of_engine_lock(of_engine *e, uint64_t node, const uint8_t *mask, const double *strategy) {
    if (!e || !mask || !strategy || node >= e->n_nodes || e->cregrets ||
        e->nodes[node].kind != OF_NODE_ACTION)
        return OF_ERR_ARG;
    const arena_node *nd = &e->nodes[node];
    size_t n = e->n[nd->player];
    int A = nd->n_children;
    for (size_t i = 0; i < n; i++) {
        if (!mask[i]) continue;
        double total = 0.0;
        for (int a = 0; a < A; a++) {
            double x = strategy[(size_t)a * n + i];
            if (!(x >= 0.0 && x <= 1.0)) return OF_ERR_ARG;
            total += x;
        }
        if (fabs(total - 1.0) > 1e-6) return OF_ERR_ARG;
    }
    if (!e->locked) {
        e->locked = calloc(e->entries ? e->entries : 1, 1);
        if (!e->locked) return OF_ERR_NOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        if (!mask[i]) continue;
        e->locked[nd->offset + i] = 1;
        for (int a = 0; a < A; a++) {
            size_t at = nd->offset + (size_t)a * n + i;
            e->sums[at] = (float)strategy[(size_t)a * n + i];
            e->regrets[at] = 0.0f;
        }
    }
    return OF_OK;
}

int of_engine_action_values(of_engine *e, uint64_t node, double *values, double *met) {
    if (!e || !values || !met || node >= e->n_nodes || e->nodes[node].kind != OF_NODE_ACTION ||
        e->spec.partial)
        return OF_ERR_ARG;
    return walk_action_values(e, node, values, met);
}

int of_engine_storage(of_engine *e, int get, float *regrets, float *sums) {
    if (!e || !regrets || !sums) return OF_ERR_ARG;
    size_t bytes = sizeof(float) * e->entries;
    if (!get)
        for (uint64_t x = 0; x < e->entries; x++)
            if (!isfinite(regrets[x]) || !(sums[x] >= 0.0f) || !isfinite(sums[x]))
                return OF_ERR_ARG;
    if (!e->cregrets) {
        if (get) {
            memcpy(regrets, e->regrets, bytes);
            memcpy(sums, e->sums, bytes);
        } else {
            memcpy(e->regrets, regrets, bytes);
            memcpy(e->sums, sums, bytes);
        }
        return OF_OK;
    }
    /* compact: decoded with each node's scales, or encoded with new ones */
    for (size_t k = 0; k < e->n_nodes; k++) {
        const arena_node *nd = &e->nodes[k];
        if (nd->kind != OF_NODE_ACTION) continue;
        size_t count = (size_t)nd->n_children * e->n[nd->player], at = nd->offset;
        if (get) {
            for (size_t i = 0; i < count; i++) {
                regrets[at + i] = e->cregrets[at + i] * e->rscale[nd->id];
                sums[at + i] = e->csums[at + i] * e->sscale[nd->id];
            }
            continue;
        }
        double rmax = 0.0, smax = 0.0;
        for (size_t i = 0; i < count; i++) {
            double r = fabs(regrets[at + i]);
            rmax = r > rmax ? r : rmax;
            smax = sums[at + i] > smax ? sums[at + i] : smax;
        }
        double rinv = rmax > 0.0 ? 32767.0 / rmax : 0.0, sinv = smax > 0.0 ? 65535.0 / smax : 0.0;
        for (size_t i = 0; i < count; i++) {
            e->cregrets[at + i] = (int16_t)lrint(regrets[at + i] * rinv);
            e->csums[at + i] = (uint16_t)lrint(sums[at + i] * sinv);
        }
        e->rscale[nd->id] = (float)(rmax > 0.0 ? rmax / 32767.0 : 0.0);
        e->sscale[nd->id] = (float)(smax > 0.0 ? smax / 65535.0 : 0.0);
    }
    return OF_OK;
}

/* ---- a solve spread over engines ---- */

static int pass_args(const of_engine *e, int player, int mode) {
    return e && (player == 0 || player == 1) &&
           (mode == OF_ENGINE_CFR || mode == OF_ENGINE_BR || mode == OF_ENGINE_EV);
}

int of_engine_top(const of_engine *e, uint32_t *n_top, uint32_t *n_cards, uint8_t *cards) {
    if (!e || !n_top || !n_cards || !cards) return OF_ERR_ARG;
    size_t top, kept;
    walk_top(e, &top, &kept);
    *n_top = (uint32_t)top;
    *n_cards = (uint32_t)kept;
    memset(cards, 0xFF, 52);
    for (uint32_t k = 0; k < e->segs[0].count; k++)
        if (e->nodes[k].kind == OF_NODE_CHANCE) {
            for (uint32_t ci = 0; ci < e->nodes[k].n_children; ci++)
                cards[ci] = e->chance[e->nodes[k].first + ci].card;
            break;
        }
    return OF_OK;
}

int of_engine_pass_down(of_engine *e, int player, int mode, double *opp, double *own) {
    if (!pass_args(e, player, mode) || !opp || (mode == OF_ENGINE_CFR && !own))
        return OF_ERR_ARG;
    return walk_pass_down(e, player, mode, opp, own);
}

int of_engine_pass_children(of_engine *e, int player, int mode, const double *opp,
                            const double *own, double *values) {
    if (!pass_args(e, player, mode) || !opp || !values || (mode == OF_ENGINE_CFR && !own))
        return OF_ERR_ARG;
    return walk_pass_children(e, player, mode, opp, own, values);
}

int of_engine_pass_up(of_engine *e, const double *values, double *root) {
    if (!e || !values || !root) return OF_ERR_ARG;
    return walk_pass_up(e, values, root);
}

/* The bytes of action node nd's storage, raw: entries of regrets and of sums, and with
 * compact storage the node's two scales. */
static size_t node_bytes(const of_engine *e, const arena_node *nd) {
    size_t count = (size_t)nd->n_children * e->n[nd->player];
    return e->cregrets ? count * (sizeof(int16_t) + sizeof(uint16_t)) + 2 * sizeof(float)
                       : count * 2 * sizeof(float);
}

static int part_ok(const of_engine *e, int32_t part) {
    size_t top, kept;
    if (!e) return 0;
    walk_top(e, &top, &kept);
    return part >= -1 && part < (int32_t)kept;
}

int of_engine_part_bytes(const of_engine *e, int32_t part, uint64_t *bytes) {
    if (!part_ok(e, part) || !bytes) return OF_ERR_ARG;
    uint64_t total = 0;
    for (size_t k = 0; k < e->n_nodes; k++) {
        const arena_node *nd = &e->nodes[k];
        if (nd->kind == OF_NODE_ACTION && e->segs[nd->seg].part == part) total += node_bytes(e, nd);
    }
    *bytes = total;
    return OF_OK;
}

/* one array's slice of a node, copied out (get) or in */
static void move(void *store, void *buffer, size_t bytes, int get) {
    if (get) memcpy(buffer, store, bytes);
    else memcpy(store, buffer, bytes);
}

int of_engine_part_storage(of_engine *e, int32_t part, int get, uint8_t *buffer) {
    if (!part_ok(e, part) || !buffer) return OF_ERR_ARG;
    for (size_t k = 0; k < e->n_nodes; k++) {
        const arena_node *nd = &e->nodes[k];
        if (nd->kind != OF_NODE_ACTION || e->segs[nd->seg].part != part) continue;
        size_t count = (size_t)nd->n_children * e->n[nd->player], at = nd->offset;
        if (e->cregrets) {
            move(e->cregrets + at, buffer, count * sizeof(int16_t), get);
            buffer += count * sizeof(int16_t);
            move(e->csums + at, buffer, count * sizeof(uint16_t), get);
            buffer += count * sizeof(uint16_t);
            move(e->rscale + nd->id, buffer, sizeof(float), get);
            buffer += sizeof(float);
            move(e->sscale + nd->id, buffer, sizeof(float), get);
            buffer += sizeof(float);
        } else {
            move(e->regrets + at, buffer, count * sizeof(float), get);
            buffer += count * sizeof(float);
            move(e->sums + at, buffer, count * sizeof(float), get);
            buffer += count * sizeof(float);
        }
    }
    return OF_OK;
}
