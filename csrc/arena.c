/* Building the engine's arena (arena.h): the template expanded segment by segment, each
 * chance node given one child per kept card, the storage offsets of the action nodes and
 * the river boards' showdown tables.
 *
 * Suit isomorphism: at a chance node whose board is B, two suits are interchangeable when
 * B holds the same ranks in both and swapping them maps each range onto itself with the
 * same weights (checked for each of the 6 swaps once, in engine.c). Of the cards of one
 * rank in interchangeable suits only the lowest suit's is kept; the others are its twins:
 * a twin's subtree is the kept one with the suits swapped, so its values are the kept
 * child's values read at the swapped hands. */
#include "platform.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "runner.h"

/* grow *buf (of *cap items of size `size`) to hold at least `need` items */
static int grow(void **buf, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return OF_OK;
    size_t c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    void *p = realloc(*buf, c * size);
    if (!p) return OF_ERR_NOMEM;
    *buf = p;
    *cap = c;
    return OF_OK;
}

/* the id of a river board (a mask of 5 cards), added if new; UINT32_MAX when out of
 * memory */
static uint32_t board_id(of_engine *e, uint64_t mask) {
    if (e->n_boards * 2 >= e->board_slots) {   /* rehash at half full */
        size_t slots = e->board_slots ? e->board_slots * 2 : 256;
        uint32_t *table = calloc(slots, sizeof(uint32_t));
        if (!table) return UINT32_MAX;
        for (size_t b = 0; b < e->n_boards; b++) {
            size_t h = (size_t)((e->board_key[b] * 0x9E3779B97F4A7C15ull) >> 17) & (slots - 1);
            while (table[h]) h = (h + 1) & (slots - 1);
            table[h] = (uint32_t)b + 1;
        }
        free(e->board_slot);
        e->board_slot = table;
        e->board_slots = slots;
    }
    size_t h = (size_t)((mask * 0x9E3779B97F4A7C15ull) >> 17) & (e->board_slots - 1);
    while (e->board_slot[h]) {
        uint32_t b = e->board_slot[h] - 1;
        if (e->board_key[b] == mask) return b;
        h = (h + 1) & (e->board_slots - 1);
    }
    size_t cap = e->cap_boards;
    if (grow((void **)&e->board_key, &cap, e->n_boards + 1, sizeof(uint64_t)) != OF_OK)
        return UINT32_MAX;
    e->cap_boards = cap;
    e->board_key[e->n_boards] = mask;
    e->board_slot[h] = (uint32_t)e->n_boards + 1;
    return (uint32_t)e->n_boards++;
}

/* one arena node for template node t (and, in preorder, the rest of its segment below
 * it); its index in *out. */
static int emit(of_engine *e, uint32_t seg, int32_t t, uint32_t parent, uint8_t card,
                uint32_t *out) {
    if (grow((void **)&e->nodes, &e->cap_nodes, e->n_nodes + 1, sizeof(arena_node)) != OF_OK)
        return OF_ERR_NOMEM;
    uint32_t k = (uint32_t)e->n_nodes++;
    arena_node *nd = &e->nodes[k];
    segment *s = &e->segs[seg];
    if (k - s->start >= 65535) return OF_ERR_ARG;   /* a segment's positions are 16 bits */
    memset(nd, 0, sizeof *nd);
    nd->tmpl = (uint32_t)t;
    nd->parent = parent;
    nd->seg = seg;
    nd->pos = (uint16_t)(k - s->start);
    nd->kind = (uint8_t)e->t_kind[t];
    nd->player = (uint8_t)(e->t_player[t] < 0 ? 0xFF : e->t_player[t]);
    nd->card = card;
    *out = k;
    int32_t first = e->t_child_start[t], n_kids = e->t_child_start[t + 1] - first;
    if (nd->kind == OF_NODE_SHOWDOWN) {
        if (s->n_dealt != 5) return OF_ERR_ARG;   /* a showdown before the river */
        uint32_t b = board_id(e, s->dealt);
        if (b == UINT32_MAX) return OF_ERR_NOMEM;
        nd->offset = b;
    }
    nd->span = 1;
    if (nd->kind != OF_NODE_ACTION) return OF_OK;
    if (n_kids < 1 || n_kids > ENGINE_MAX_ACTIONS) return OF_ERR_ARG;
    nd->n_children = (uint8_t)n_kids;
    nd->offset = e->entries;
    nd->id = (uint32_t)e->n_action++;
    e->entries += (uint64_t)n_kids * e->n[nd->player];
    size_t at = e->n_kids;
    if (grow((void **)&e->kids, &e->cap_kids, at + (size_t)n_kids, sizeof(uint32_t)))
        return OF_ERR_NOMEM;
    e->n_kids += (size_t)n_kids;
    nd->first = (uint32_t)at;
    /* nd is not used below: the children's nodes may move the array */
    for (int32_t a = 0; a < n_kids; a++) {
        uint32_t c;
        int rc = emit(e, seg, e->t_children[first + a], k, 0xFF, &c);
        if (rc != OF_OK) return rc;
        e->kids[at + (size_t)a] = c;
    }
    e->nodes[k].span = (uint16_t)(e->n_nodes - k);
    return OF_OK;
}

/* The kept cards of a chance node on board `dealt` and each one's twins. */
static int chance_cards(const of_engine *e, uint64_t dealt, chance_child *out, size_t *n_out) {
    unsigned ranks[4] = {0, 0, 0, 0};
    for (int c = 0; c < 52; c++)
        if (dealt >> c & 1) ranks[c % 4] |= 1u << (c / 4);
    int rep[4];   /* the lowest suit interchangeable with each suit */
    for (int s = 0; s < 4; s++) {
        rep[s] = s;
        if (!e->spec.isomorphism) continue;
        for (int r = 0; r < s; r++) {
            int t = swap_index(r, s);
            if (ranks[r] == ranks[s] && e->swap_ok[t] && rep[r] == r) { rep[s] = r; break; }
        }
    }
    size_t n = 0;
    for (int c = 0; c < 52; c++) {
        if (dealt >> c & 1) continue;
        int s = c % 4;
        if (rep[s] != s) continue;
        chance_child *ch = &out[n++];
        memset(ch, 0, sizeof *ch);
        ch->card = (uint8_t)c;
        for (int u = s + 1; u < 4; u++)
            if (rep[u] == s) ch->twins[ch->n_twins++] = (uint8_t)u;
    }
    *n_out = n;
    return OF_OK;
}

/* A segment for template node t on board `dealt`, and below it every segment its chance
 * nodes open. Its index in *out. */
static int build_segment(of_engine *e, int32_t t, uint64_t dealt, int depth, uint32_t parent,
                         uint8_t card, int32_t part, uint32_t *out) {
    if (grow((void **)&e->segs, &e->cap_segs, e->n_segs + 1, sizeof(segment)) != OF_OK)
        return OF_ERR_NOMEM;
    uint32_t seg = (uint32_t)e->n_segs++;
    segment *s = &e->segs[seg];
    s->start = (uint32_t)e->n_nodes;
    s->dealt = dealt;
    s->n_dealt = 0;
    for (int c = 0; c < 52; c++) s->n_dealt += (uint8_t)(dealt >> c & 1);
    s->depth = (uint8_t)depth;
    s->part = part;
    if (depth > e->max_depth) e->max_depth = depth;
    uint32_t root;
    int rc = emit(e, seg, t, parent, card, &root);
    if (rc != OF_OK) return rc;
    s = &e->segs[seg];
    s->count = (uint32_t)(e->n_nodes - s->start);
    if (s->count > 65535) return OF_ERR_ARG;   /* node.pos is 16 bits */
    if (s->count > e->max_seg) e->max_seg = s->count;
    *out = seg;
    uint32_t start = s->start, count = s->count;
    for (uint32_t k = start; k < start + count; k++) {
        if (e->nodes[k].kind != OF_NODE_CHANCE) continue;
        chance_child kept[52];
        size_t n_kept;
        rc = chance_cards(e, dealt, kept, &n_kept);
        if (rc != OF_OK) return rc;
        size_t at = e->n_chance;
        if (grow((void **)&e->chance, &e->cap_chance, at + n_kept, sizeof(chance_child)))
            return OF_ERR_NOMEM;
        e->n_chance += n_kept;
        e->nodes[k].first = (uint32_t)at;
        e->nodes[k].n_children = (uint8_t)n_kept;
        int32_t child = e->t_children[e->t_child_start[e->nodes[k].tmpl]];
        for (size_t i = 0; i < n_kept; i++) {
            uint32_t below = UINT32_MAX;
            int32_t sub = depth == 0 ? (int32_t)i : part;
            /* a partial engine: the top children of cards not its own have no subtree */
            if (depth == 0 && e->spec.partial && !(e->spec.top_cards >> kept[i].card & 1)) {
                kept[i].seg = below;
                e->chance[at + i] = kept[i];
                continue;
            }
            rc = build_segment(e, child, dealt | (uint64_t)1 << kept[i].card, depth + 1, k,
                               kept[i].card, sub, &below);
            if (rc != OF_OK) return rc;
            kept[i].seg = below;
            e->chance[at + i] = kept[i];
        }
    }
    return OF_OK;
}

int arena_build(of_engine *e) {
    uint64_t dealt = 0;
    for (int i = 0; i < e->spec.n_board; i++) dealt |= (uint64_t)1 << e->board[i];
    uint32_t root;
    return build_segment(e, 0, dealt, 0, UINT32_MAX, 0xFF, -1, &root);
}

/* The showdown tables of every river board, built on the engine's threads. */
static int table_task(void *ctx, int worker, size_t b) {
    (void)worker;
    of_engine *e = ctx;
    river_board *rb = &e->boards[b];
    uint64_t mask = e->board_key[b];
    uint8_t board[5];
    int nb = 0;
    for (int c = 0; c < 52; c++)
        if (mask >> c & 1) board[nb++] = (uint8_t)c;
    uint8_t *rows[2] = {NULL, NULL};
    int rc = OF_OK;
    for (int p = 0; p < 2; p++) {
        size_t n = e->n[p];
        rb->live[p] = malloc(sizeof(uint32_t) * (n ? n : 1));
        rows[p] = malloc(4 * (n ? n : 1));
        if (!rb->live[p] || !rows[p]) { rc = OF_ERR_NOMEM; goto done; }
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            if (e->hand_mask[p][i] & mask) continue;
            memcpy(rows[p] + 4 * k, e->hands[p] + 4 * i, 4);
            rb->live[p][k++] = (uint32_t)i;
        }
        rb->n_live[p] = k;
    }
    for (int p = 0; p < 2 && rc == OF_OK; p++) {
        size_t bad_row;
        int bad_side;
        rc = of_showdown_table_new(board, 5, rows[p], rb->n_live[p], rows[1 - p],
                                   rb->n_live[1 - p], e->spec.game, &rb->table[p], &bad_row,
                                   &bad_side);
    }
done:
    free(rows[0]);
    free(rows[1]);
    return rc;
}

int arena_tables(of_engine *e) {
    e->boards = calloc(e->n_boards ? e->n_boards : 1, sizeof(river_board));
    if (!e->boards) return OF_ERR_NOMEM;
    return of_run_tasks(e->threads, e->n_boards, table_task, e);
}

void arena_free(of_engine *e) {
    for (size_t b = 0; e->boards && b < e->n_boards; b++) {
        for (int p = 0; p < 2; p++) {
            of_showdown_table_free(e->boards[b].table[p]);
            free(e->boards[b].live[p]);
        }
    }
    free(e->boards);
    free(e->board_key);
    free(e->board_slot);
    free(e->nodes);
    free(e->kids);
    free(e->chance);
    free(e->segs);
    e->boards = NULL;
    e->board_key = NULL;
    e->board_slot = NULL;
    e->nodes = NULL;
    e->kids = NULL;
    e->chance = NULL;
    e->segs = NULL;
}
