# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Marks the comments of a public header that document a declaration as
Doxygen comments, by their delimiters alone; their words stay as written:

  * a comment block directly above a declaration (no blank line between)
    opens with /** instead of /*;
  * a comment opened after code on the same line opens with /**<;
  * the file's opening comment gets a \\file line, so that Doxygen files
    the header's macros, types and functions under it.

Left plain: section banners (a comment followed by another comment or a
blank line), comments above preprocessor conditionals, and SPDX or
copyright lines.  Running it again changes nothing.  Write a new doc
comment with /** directly; this script exists to convert headers written
with plain comments (scripts/docs.sh names any function left without one).

Usage: python3 scripts/doc_comments.py HEADER...
"""
import re
import sys

OPEN = re.compile(r"^(\s*)/\*(?![*!])(.*)$")
# Code, then a comment opened on the same line (closed there or later).
TRAILING = re.compile(r"^(\s*[^\s/*#][^/]*?)(\s+)/\*(?![*!<])(.*)$")
NOT_DOCUMENTED = ("#if", "#ifdef", "#ifndef", "#else", "#elif", "#endif",
                  "/*", "}")


def block_end(lines, start):
    """Index of the line that closes the comment opened on `start`."""
    col = lines[start].index("/*") + 2
    j = start
    while "*/" not in (lines[j][col:] if j == start else lines[j]):
        j += 1
    return j


def convert(text):
    lines = text.split("\n")
    out = []
    i, seen_file_comment = 0, "\\file" in text
    while i < len(lines):
        line = lines[i]
        m = OPEN.match(line)
        if not m:
            t = TRAILING.match(line)
            if t:
                out.append(t.group(1) + t.group(2) + "/**<" + t.group(3))
                if "*/" not in t.group(3):   # the rest of the comment
                    end = block_end(lines, i)
                    out.extend(lines[i + 1:end + 1])
                    i = end + 1
                    continue
            else:
                out.append(line)
            i += 1
            continue
        end = block_end(lines, i)
        block = lines[i:end + 1]
        after = lines[end + 1].strip() if end + 1 < len(lines) else ""
        licence = "SPDX-License-Identifier" in line or "Copyright" in line
        if not seen_file_comment and not licence and end > i:
            # The file's opening comment: /** and a \file line.
            indent = m.group(1)
            block[0] = indent + "/**" + m.group(2)
            block.insert(1, indent + " * \\file")
            seen_file_comment = True
        elif (not licence and after
              and not after.startswith(NOT_DOCUMENTED)):
            block[0] = m.group(1) + "/**" + m.group(2)
        out.extend(block)
        i = end + 1
    return "\n".join(out)


def main(paths):
    for path in paths:
        with open(path) as f:
            text = f.read()
        new = convert(text)
        if new != text:
            with open(path, "w") as f:
                f.write(new)
            print("doc_comments: marked %s" % path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]) if len(sys.argv) > 1 else
             (print(__doc__, file=sys.stderr) or 2))
