/* The equity histogram of (high winners | low winners << n), see equity.h. */
#include "platform.h"   /* first: it sets the feature macros */

#include <stdlib.h>
#include <string.h>

#include "equity.h"

int hist_init(histogram *h, int n, int dense) {
    h->dense = dense;
    h->count = calloc((size_t)1 << (2 * n), dense ? LANES * sizeof *h->count : sizeof *h->count);
    h->cap_keys = 64;
    h->keys = malloc(h->cap_keys * sizeof *h->keys);
    h->n_keys = 0;
    h->oom = !h->count || !h->keys;
    return h->oom ? OF_ERR_NOMEM : OF_OK;
}

void hist_free(histogram *h) {
    free(h->count);
    free(h->keys);
}

void hist_add_sparse(histogram *h, uint32_t key, uint64_t w) {
    if (h->count[key] == 0) {
        if (h->n_keys == h->cap_keys) {
            uint32_t *more = realloc(h->keys, 2 * h->cap_keys * sizeof *more);
            if (!more) { h->oom = 1; return; }
            h->keys = more;
            h->cap_keys *= 2;
        }
        h->keys[h->n_keys++] = key;
    }
    h->count[key] += w;
}

void hist_clear(histogram *h, int n) {
    if (h->dense) {
        memset(h->count, 0, ((size_t)1 << (2 * n)) * LANES * sizeof *h->count);
    } else {
        for (size_t k = 0; k < h->n_keys; k++) h->count[h->keys[k]] = 0;
        h->n_keys = 0;
    }
}

void hist_add_scaled(histogram *all, const histogram *h, uint64_t w, int n) {
    if (h->dense) {
        for (uint32_t key = 0; key < (uint32_t)1 << (2 * n); key++) {
            uint64_t c = 0;
            for (int l = 0; l < LANES; l++) c += h->count[key * LANES + l];
            if (c) hist_add_sparse(all, key, c * w);
        }
    } else {
        for (size_t k = 0; k < h->n_keys; k++)
            hist_add_sparse(all, h->keys[k], h->count[h->keys[k]] * w);
    }
}
