/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Reading the conformance case files exactly (case_json.h). */
#include "case_json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- protecting long integer literals ------------------------------------ */

/* The end of a JSON string starting at text[i] (its opening quote). */
static size_t string_end(const char *text, size_t len, size_t i)
{
    for (i++; i < len; i++) {
        if (text[i] == '\\')
            i++;
        else if (text[i] == '"')
            return i + 1;
    }
    return len;
}

/* Copies the number at text[i..) to out[*o..), as "#int:<literal>" when it
 * is an integer of more than 15 digits; returns where it ends. */
static size_t copy_number(const char *text, size_t len, size_t i, char *out,
                          size_t *o)
{
    size_t j = text[i] == '-' ? i + 1 : i;
    size_t first_digit = j;
    while (j < len && text[j] >= '0' && text[j] <= '9')
        j++;
    int plain = !(j < len && strchr(".eE", text[j]) != NULL);
    int protect = plain && j - first_digit > 15;
    if (protect) {
        memcpy(out + *o, "\"#int:", 6);
        *o += 6;
    }
    memcpy(out + *o, text + i, j - i);
    *o += j - i;
    if (protect)
        out[(*o)++] = '"';
    return j;
}

/* The text with every integer literal of more than 15 digits rewritten as
 * the string "#int:<literal>", which cj_int64 converts exactly. */
static char *protect_big_integers(const char *text)
{
    size_t len = strlen(text);
    char *out = malloc(2 * len + 16);
    if (!out)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        char ch = text[i];
        if (ch == '"') {
            size_t end = string_end(text, len, i);
            memcpy(out + o, text + i, end - i);
            o += end - i;
            i = end;
        } else if (ch == '-' || (ch >= '0' && ch <= '9')) {
            i = copy_number(text, len, i, out, &o);
        } else {
            out[o++] = ch;
            i++;
        }
    }
    out[o] = '\0';
    return out;
}

/* The whole file as a string (NUL-terminated), or NULL. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t size = 0, cap = 0, n = 1;
    while (n > 0) {
        if (size + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *grown = realloc(text, cap);
            if (!grown) {
                free(text);
                fclose(f);
                return NULL;
            }
            text = grown;
        }
        n = fread(text + size, 1, cap - size - 1, f);
        size += n;
    }
    fclose(f);
    text[size] = '\0';
    return text;
}

cJSON *cj_load(const char *path)
{
    char *text = read_file(path);
    if (!text)
        return NULL;
    char *safe = protect_big_integers(text);
    free(text);
    if (!safe)
        return NULL;
    cJSON *root = cJSON_Parse(safe);
    free(safe);
    return root;
}

/* ---- values ---------------------------------------------------------------- */

int cj_is_null(const cJSON *item)
{
    return item == NULL || cJSON_IsNull(item);
}

const cJSON *cj_get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

const char *cj_str(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static int number_int64(double v, int64_t *out)
{
    if (v != v || v > 9007199254740992.0 || v < -9007199254740992.0)
        return -1;
    int64_t i = (int64_t)v;
    if ((double)i != v)
        return -1;
    *out = i;
    return 0;
}

static int string_int64(const char *s, int64_t *out)
{
    if (strcmp(s, "INT64_MIN") == 0) {
        *out = INT64_MIN;
        return 0;
    }
    if (strcmp(s, "INT64_MAX") == 0) {
        *out = INT64_MAX;
        return 0;
    }
    if (strncmp(s, "#int:", 5) != 0)
        return -1;
    char *end = NULL;
    errno = 0;
    long long v = strtoll(s + 5, &end, 10);
    if (errno != 0 || !end || *end != '\0')
        return -1;
    *out = (int64_t)v;
    return 0;
}

int cj_int64(const cJSON *item, int64_t *out)
{
    if (cJSON_IsNumber(item))
        return number_int64(item->valuedouble, out);
    if (cJSON_IsString(item))
        return string_int64(item->valuestring, out);
    return -1;
}

int cj_int64_array(const cJSON *arr, int64_t *out, size_t cap, size_t *len)
{
    if (!cJSON_IsArray(arr))
        return -1;
    size_t n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (n >= cap || cj_int64(item, &out[n]) != 0)
            return -1;
        n++;
    }
    *len = n;
    return 0;
}

/* One dimension of a shape (cj_shape). */
static int json_dim(const cJSON *item, int64_t *out)
{
    if (cj_int64(item, out) == 0)
        return 0;
    if (!cJSON_IsString(item))
        return -1;
    const char *s = item->valuestring;
    if (strcmp(s, "?") == 0) {
        *out = CLSLICE_UNKNOWN;
        return 0;
    }
    const char *dots = strstr(s, "..");
    if (!dots)
        return -1;
    char *end = NULL;
    long long lo = strtoll(s, &end, 10);
    if (end != dots)
        return -1;
    long long hi = strtoll(dots + 2, &end, 10);
    if (*end != '\0')
        return -1;
    *out = lo == hi ? (int64_t)lo : CLSLICE_UNKNOWN;
    return 0;
}

int cj_shape(const cJSON *arr, int64_t *shape, int *rank)
{
    if (!cJSON_IsArray(arr))
        return -1;
    int n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (n >= CJ_MAXA || json_dim(item, &shape[n]) != 0)
            return -1;
        n++;
    }
    *rank = n;
    return 0;
}

/* One entry of cj_opt_array. */
static int opt_entry(const cJSON *item, clslice_opt_int64 *out)
{
    out->value = 0;
    out->is_none = cJSON_IsNull(item);
    return out->is_none ? 0 : cj_int64(item, &out->value);
}

int cj_opt_array(const cJSON *arr, clslice_opt_int64 *out, size_t cap,
                 size_t *len)
{
    if (!cJSON_IsArray(arr))
        return -1;
    size_t n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (n >= cap || opt_entry(item, &out[n]) != 0)
            return -1;
        n++;
    }
    *len = n;
    return 0;
}

/* ---- flattening ------------------------------------------------------------ */

void cj_ivec_free(cj_ivec *a)
{
    free(a->v);
    a->v = NULL;
    a->n = a->cap = 0;
}

int cj_ivec_push(cj_ivec *a, int64_t x)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        int64_t *grown = realloc(a->v, cap * sizeof *grown);
        if (!grown)
            return -1;
        a->v = grown;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return 0;
}

int cj_flatten(const cJSON *item, cj_ivec *out)
{
    if (cJSON_IsArray(item)) {
        const cJSON *el;
        cJSON_ArrayForEach(el, item)
        {
            if (cj_flatten(el, out) != 0)
                return -1;
        }
        return 0;
    }
    int64_t v;
    if (cj_int64(item, &v) != 0)
        return -1;
    return cj_ivec_push(out, v);
}
