#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 298:
/***/ ((module) => {

// A simple implementation of make-array
function makeArray (subject) {
  return Array.isArray(subject)
    ? subject
    : [subject]
}

const UNDEFINED = undefined
const EMPTY = ''
const SPACE = ' '
const ESCAPE = '\\'

// The characters that carry a meaning of their own inside a regular
//   expression, so a literal one has to be escaped before it is emitted.
const REGEX_LITERAL_SPECIAL = /[.*+?()[\]{}^$|\\/]/
const BOM = '\uFEFF'
// A run of two or more asterisks is a globstar (#175)
const REGEX_ANCHORED_GLOBSTAR = /^\/\*{2,}$/
const REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION = /^\\!/
const REGEX_REPLACE_LEADING_EXCAPED_HASH = /^\\#/
const REGEX_SPLITALL_CRLF = /\r?\n/g

// Invalid:
// - /foo,
// - ./foo,
// - ../foo,
// - .
// - ..
// Valid:
// - .foo
const DOUBLE_SLASH = '//'
const SLASH_CODE = 47
const DOT_CODE = 46


const SLASH = '/'

// Do not use ternary expression here, since "istanbul ignore next" is buggy
let TMP_KEY_IGNORE = 'node-ignore'
/* istanbul ignore else */
if (typeof Symbol !== 'undefined') {
  TMP_KEY_IGNORE = Symbol.for('node-ignore')
}
const KEY_IGNORE = TMP_KEY_IGNORE

const define = (object, key, value) => {
  Object.defineProperty(object, key, {value})
  return value
}

const RETURN_FALSE = () => false

// > The range notation, e.g. [a-zA-Z],
// > can be used to match one of the characters in a range.
//
// gitignore(5) defers to fnmatch(3) for this, and git implements it in
//   `wildmatch.c`.  A bracket expression has a sub-grammar of its own, which
//   is neither the surrounding pattern grammar nor the JavaScript one:
//
//   - a `]` right after `[` or `[!` is a literal member, not the terminator
//   - `[:alpha:]` names one of twelve POSIX classes
//   - `\` escapes the next member, `]` included
//   - `*`, `?` and `.` are plain literal members
//   - an unterminated expression makes the whole pattern match nothing
//
// which means the expression can not be located -- let alone translated -- by
//   a regular expression.  It is scanned out of the pattern before the
//   replacers below run, and put back once they are done, so that neither the
//   metacharacter escaper nor the `?` / `*` replacers ever see its body.

// git classifies with its own ASCII-only ctype macros (`wildmatch.c`), never
//   with the C library ones, so these must not be mapped onto `\d` / `\w` /
//   `\s`, which are wider.  `/` is left out of every expansion, because a
//   bracket expression never matches a path separator.
const POSIX_CLASSES = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '!-.0-~',
  lower: 'a-z',
  print: ' -.0-~',
  punct: '!-.:-@\\[-`{-~',
  // git's `sane-ctype.h` classifies \v and \f as control, not space,
  //   unlike C's `isspace`
  space: ' \\t\\n\\r',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f'
}

const CLASS_MEMBERS_TO_ESCAPE = '\\]^-['

const escapeMember = char => CLASS_MEMBERS_TO_ESCAPE.indexOf(char) < 0
  ? char
  : ESCAPE + char

// > if (matched == negated || ((flags & WM_PATHNAME) && text_ch == '/'))
// >   return WM_ABORT_TO_STARSTAR;                     (git, `wildmatch.c`)
// A bracket expression never matches a path separator, whatever its members
//   say, so a negated class gets `/` as one more excluded character, while a
//   plain one -- where a literal member or a range could still let `/` in --
//   is guarded with a lookahead, `/` being impossible to subtract from a
//   JavaScript character class.
const NON_SLASH = '(?!\\/)'

const classSource = (negated, body) => {
  if (negated) {
    return `[^\\/${body}]`
  }

  const source = `[${body}]`

  return new RegExp(source).test('/')
    ? NON_SLASH + source
    : source
}

// Scan the bracket expression that starts at `pattern[start] === '['`,
//   mirroring the member loop of git's `wildmatch.c`.
// @returns {{end: number, source: string} | null} `null` if the expression is
//   never terminated, which makes the whole pattern match nothing.
const scanBracket = (pattern, start) => {
  const {length} = pattern
  let index = start + 1
  let negated = EMPTY

  const lead = pattern[index]
  if (lead === '!' || lead === '^') {
    negated = '^'
    index ++
  }

  let body = EMPTY

  // The member a `-` could start a range from, or EMPTY when the previous
  //   member can not open one (start of the body, or a range / POSIX class
  //   that has just closed)
  let prev = EMPTY

  // git scans the members with a do-while, so the first one is consumed
  //   unconditionally.  That is the whole reason a leading `]` is a member
  //   and not the terminator.
  for (;;) {
    const char = pattern[index]

    if (char === UNDEFINED) {
      return null
    }

    if (char === ESCAPE) {
      // A pattern can not end on a lone backslash -- `createRule` has
      //   already thrown it away -- so there is a character to read.
      const escaped = pattern[++ index]
      body += escapeMember(escaped)
      prev = escaped
    } else if (
      char === '-'
      && prev
      && index + 1 < length
      && pattern[index + 1] !== ']'
    ) {
      index ++
      let to = pattern[index]
      if (to === ESCAPE) {
        to = pattern[index += 1]
      }
      // An out-of-order range matches nothing in git but is a syntax error in
      //   JavaScript, so it is dropped.  Its lower bound stays: git tests it
      //   as a plain member before it ever looks at the `-`, so `[c-a]` does
      //   match `c`.
      if (prev <= to) {
        body += `-${escapeMember(to)}`
      }
      prev = EMPTY
    } else if (char === '[' && pattern[index + 1] === ':') {
      const nameStart = index + 2
      let end = nameStart
      while (end < length && pattern[end] !== ']') {
        end ++
      }

      if (end === length) {
        return null
      }

      if (end > nameStart && pattern[end - 1] === ':') {
        const name = pattern.slice(nameStart, end - 1)

        // An unknown class name makes the whole pattern match nothing
        if (!Object.prototype.hasOwnProperty.call(POSIX_CLASSES, name)) {
          return null
        }

        body += POSIX_CLASSES[name]
        prev = EMPTY
        index = end
      } else {
        // No `:]` to close it, so the `[` is a plain member and scanning
        //   resumes right after it.
        body += escapeMember('[')
        prev = '['
        index = nameStart - 2
      }
    } else {
      body += escapeMember(char)
      prev = char
    }

    index ++

    if (pattern[index] === ']') {
      return {
        end: index,
        source: classSource(negated, body)
      }
    }
  }
}

// An empty JavaScript class can never match, which is how a pattern that git
//   gives up on (`WM_ABORT_ALL`) is expressed here.
const NEVER_MATCH = '[]'

// A NUL can appear in neither a `.gitignore` line nor a path, which makes it
//   the one safe placeholder character.  A literal one in the pattern is
//   held aside all the same, so a collision is impossible by construction.
const PLACEHOLDER = '\u0000'
const REGEX_RESTORE_PLACEHOLDER = new RegExp(
  `${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, 'g'
)

// The one wildcard the chain does not expand for itself is a trailing `*`. How
//   it expands depends on the mode (`regex` vs `checkRegex`), so `_make` is
//   left to do it, and until then the pending wildcard travels as this marker.
//   That is what keeps it apart from a user-escaped literal `\*`: the unescape
//   steps collapse the escaped one to the exact `\*` a wildcard would leave
//   behind, so by the time `_make` runs the two are otherwise the same string
//   and a literal star gets wrongly rewritten into a wildcard. The marker is a
//   private-use character, and `extractBrackets` keeps one that came out of the
//   pattern apart from it, so the only marker `_make` ever turns back into a
//   real wildcard is the one this chain put there itself.
const TRAILING_WILDCARD = '\uE000'

// A trailing "/**" is deferred the same way, because `checkRegex` has to tell
//   it apart from a trailing "/*" (see `checkSourceOf`). For `.ignores()` it
//   still never matches the folder itself (#21).
const TRAILING_DOUBLESTAR = '\uE001'

// The three characters above mean something to the chain that builds the
//   source rather than to the path, so one that came out of the pattern is
//   held aside like a bracket expression instead of going straight out. Being
//   held is what makes it safe: the restore runs after the step that anchors
//   the source, so the character comes back in the middle of the source and
//   not at its end, which is the one place `_make` and `checkSourceOf` look
//   for a marker. Without it a pattern's own character lands where a pending
//   marker sits, and `_make` turns it into a real trailing wildcard.
//
// It is held as a one-member class rather than bare, in both of the branches
//   a reserved character can reach, so that the property can be
//   read off this function alone -- a reserved character never goes out on
//   its own -- rather than depending on where in the chain the restore
//   happens to run. In the expression built here `[x]` matches exactly what
//   `x` matches, none of the three being special to a regular expression or
//   inside a class, so no test can tell the two apart: the class is insurance,
//   and the paragraph above is the reason it is not needed.
const isReserved = char =>
  char === PLACEHOLDER
  || char === TRAILING_WILDCARD
  || char === TRAILING_DOUBLESTAR

// Replace every bracket expression with a placeholder the replacers below
//   leave alone, and translate it separately.
const extractBrackets = pattern => {
  const sources = []
  const hold = source =>
    `${PLACEHOLDER}${sources.push(source) - 1}${PLACEHOLDER}`

  const {length} = pattern
  let out = EMPTY
  let index = 0

  while (index < length) {
    const char = pattern[index]

    if (char === ESCAPE) {
      // > Put a backslash ("\") in front of ... a character to make it literal.
      //                                            (gitignore(5) -> fnmatch(3))
      // A backslash quotes the next character, whatever it is, so `\d` is a
      //   literal `d`, not the regex digit class, and `\?` is a literal `?`,
      //   not a wildcard. Held aside as its literal here, the escape never
      //   reaches the replacers below, which would otherwise let `\d`, `\b`,
      //   `\1`, `\/` keep their regular-expression meaning, and would turn a
      //   `\?` into `[^\/]`.
      //
      // Three escapes are still left for the chain: `\*` (a literal star,
      //   told apart from a wildcard by `TRAILING_WILDCARD` and the wildcard
      //   replacers), `\[` (a literal bracket, the one `[` the bracket
      //   replacer still expects), and `\ ` (a quoted space, which one pass
      //   below rewrites in bulk -- holding each one aside instead costs more
      //   on a pattern built out of them).
      //
      // A quoted backslash is not among them. The chain doubles every
      //   backslash, then takes the doubling back out again, and a quoted one
      //   standing next to a character the chain also escapes left the two
      //   counts sharing a run, so one of the escapes was lost. Held here as
      //   the literal it means, it never joins that run.
      const escaped = pattern[index + 1]

      if (escaped === SLASH && index + 2 === length) {
        // Git removes a final directory slash before matching. An escape
        //   without a character after that removal makes the pattern invalid.
        out += hold(NEVER_MATCH)
      } else if (
        escaped === '*'
        || escaped === '['
        || escaped === SPACE
      ) {
        out += pattern.slice(index, index + 2)
      } else {
        out += hold(
          REGEX_LITERAL_SPECIAL.test(escaped)
            ? ESCAPE + escaped
            : isReserved(escaped)
              ? `[${escaped}]`
              : escaped
        )
      }

      index += 2
    } else if (isReserved(char)) {
      out += hold(`[${char}]`)
      index ++
    } else if (char === '[') {
      const scanned = scanBracket(pattern, index)

      if (scanned === null) {
        // git gives up on the whole pattern (`WM_ABORT_ALL`), so whatever
        //   follows can not make it match either.
        out += hold(NEVER_MATCH)
        index = length
      } else {
        out += hold(scanned.source)
        index = scanned.end + 1
      }
    } else {
      out += char
      index ++
    }
  }

  return {
    source: out,
    sources
  }
}

// A step of the chain below is normally a `[matcher, replacer]` pair handed
//   to `String.replace`. `DIRECT` marks the ones that are plain string work
//   instead, and take `(source, pattern)`.
//
// Anchoring the two ends is exactly that -- a test of one character and a
//   concatenation -- and putting it through the regular expression engine
//   cost a third of this chain for nothing: 167ns where 10ns does the same
//   job. The two are still steps in the same list, in the same places,
//   because their position in the order is part of what they mean.
const DIRECT = null

// A separator at the beginning or in the middle of a pattern, as opposed to
//   one at the very end.
const REGEX_INNER_SLASH = /\/(?!$)/
const WILDCARD = '[^\\/]*'

// > If the pattern ends with a slash,
// > it is removed for the purpose of the following description,
// > but it would only find a match with a directory.
// > In other words, foo/ will match a directory foo and paths underneath it,
// > but will not match a regular file or a symbolic link foo
// >  (this is consistent with the way how pathspec works in general in Git).
// '`foo/`' will not match regular file '`foo`' or symbolic link '`foo`'
// -> ignore-rules will not deal with it, because it costs extra `fs.stat` call
//      you could use option `mark: true` with `glob`

// '`foo/`' should not continue with the '`..`'
// The chain that turns one gitignore pattern into a regular expression
//   source, in order. A step is either
//
//   [matcher, replacer]            handed to `String.replace`
//   [matcher, replacer, required]  the same, but skipped outright unless
//                                    `required` appears in the string, which
//                                    the matcher cannot match without
//   [DIRECT, transform]            plain string work, taking (source, pattern)
//
// The `required` character is only ever a shortcut: finding it does not mean
//   the matcher will match, and not finding it means it cannot. It is there
//   because scanning for one character costs a fraction of running a matcher
//   that then finds nothing -- for the wildcard step, whose `[^\\]+`
//   backtracks its way through the whole string before giving up, 11ns
//   against 400ns.
const REPLACERS = [

  // Replace (\ ) with ' '
  // Only a space: an escaped tab or other whitespace is already a literal by
  //   the time it reaches here, and a bare tab must be left as one, not turned
  //   into a space.
  // (\ ) -> ' '
  // (\\ ) -> '\\ '
  // (\\\ ) -> '\\ '
  [
    // A run of backslashes is taken whole, from its first one, so no match
    //   ever starts again inside it -- `(\\+?) ` did, which made a long run
    //   quadratic.
    /(\\+)( ?)/g,
    (_, run, space) => space
      ? run.slice(0, run.length - run.length % 2) + SPACE
      : run,
    ESCAPE + SPACE
  ],

  // git's wildmatch() reads a run of two or more asterisks as one globstar
  //   whenever the run fills a path segment: it starts the pattern or follows
  //   a `/`, and it ends the pattern or comes before a `/`. A run of two is
  //   already `**`; a longer one is folded into `**` here, so the steps
  //   below only ever have to know `**`.
  // `***/foo` -> `**/foo`, `a/***/b` -> `a/**/b`, `a/***` -> `a/**`
  // git also takes a run beside a literal prefix (`a***/b`) or beside an
  //   escaped slash (`***\/b`) as a globstar, and this does not; the README
  //   lists both, under "A run of asterisks".
  [
    /(^|\/)\*{3,}(?=\/|$)/g,
    (_, start) => `${start}**`,
    '*'
  ],

  // Escape metacharacters
  // which is written down by users but means special for regular expressions.

  // > There are 12 characters with special meanings:
  // > - the backslash \,
  // > - the caret ^,
  // > - the dollar sign $,
  // > - the period or dot .,
  // > - the vertical bar or pipe symbol |,
  // > - the question mark ?,
  // > - the asterisk or star *,
  // > - the plus sign +,
  // > - the opening parenthesis (,
  // > - the closing parenthesis ),
  // > - and the opening square bracket [,
  // > - the opening curly brace {,
  // > These special characters are often called "metacharacters".
  [
    /[\\$.|*+(){^]/g,
    match => `\\${match}`
  ],

  [
    // > a question mark (?) matches a single character
    /(?!\\)\?/g,
    () => '[^/]',
    '?'
  ],

  // leading slash
  [

    // > A leading slash matches the beginning of the pathname.
    // > For example, "/*.c" matches "cat-file.c" but not "mozilla-sha1/sha1.c".
    // A leading slash matches the beginning of the pathname
    /^\//,
    () => '^',
    SLASH
  ],

  // replace special metacharacter slash after the leading slash
  [
    /\//g,
    () => '\\/',
    SLASH
  ],

  [
    // > A leading "**" followed by a slash means match in all directories.
    // > For example, "**/foo" matches file or directory "foo" anywhere,
    // > the same as pattern "foo".
    // > "**/foo/bar" matches file or directory "bar" anywhere that is directly
    // >   under directory "foo".
    // Notice that the '*'s have been replaced as '\\*'
    /^\^*(?:\\\*\\\*\\\/)+/,

    // '**/foo' <-> 'foo'
    () => '(?:^|\\/)',
    '*'
  ],

  // starting
  [
    // there will be no leading '/'
    //   (which has been replaced by section "leading slash")
    // If starts with '**', adding a '^' to the regular expression also works
    DIRECT,
    (source, pattern) => {
      // Nothing to anchor to, or already anchored (`^` or `(?:^|\/)`)
      if (!source || source[0] === '^' || source[0] === '(') {
        return source
      }

      // If has a slash `/` at the beginning or middle
      const anchor = !REGEX_INNER_SLASH.test(pattern)
        // > Prior to 2.22.1
        // > If the pattern does not contain a slash /,
        // >   Git treats it as a shell glob pattern
        // Actually, if there is only a trailing slash,
        //   git also treats it as a shell glob pattern

        // After 2.22.1 (compatible but clearer)
        // > If there is a separator at the beginning or middle (or both)
        // > of the pattern, then the pattern is relative to the directory
        // > level of the particular .gitignore file itself.
        // > Otherwise the pattern may also match at any level below
        // > the .gitignore level.
        ? '(?:^|\\/)'

        // > Otherwise, Git treats the pattern as a shell glob suitable for
        // >   consumption by fnmatch(3)
        : '^'

      return anchor + source
    }
  ],

  // two globstars
  [
    // Use lookahead assertions so that we could match more than one `'/**'`
    /\\\/\\\*\\\*(?=\\\/|$)/g,

    // Zero, one or several directories
    // should not use '*', or it will be replaced by the next replacer

    // Check if it is not the last `'/**'`
    (_, index, str) => index + 6 < str.length

      // case: /**/ at the end of the pattern, i.e. a trailing `'/**/'`
      // > A trailing `"/**/"` (a trailing `"/**"` restricted to directories)
      // >   matches everything inside, but it should not match the current
      // >   folder itself, so it requires at least one directory segment.
      // 'a/**/' matches 'a/b/', 'a/x/y/' but not 'a/'
      ? str.slice(index + 6) === '\\/'
        ? '(?:\\/[^\\/]+)+'

        // case: /**/
        // > A slash followed by two consecutive asterisks then a slash matches
        // >   zero or more directories.
        // > For example, "a/**/b" matches "a/b", "a/x/b", "a/x/y/b" and so on.
        // '/**/'
        : '(?:\\/[^\\/]+)*'

      // case: /**
      // > A trailing `"/**"` matches everything inside.

      // #21: everything inside but it should not include the current folder,
      //   resolved by `_make`
      : `\\/${TRAILING_DOUBLESTAR}`,
    '*'
  ],

  // normal intermediate wildcards
  [
    // Never replace escaped '*'
    // ignore rule '\*' will match the path '*'

    // 'abc.*/' -> go
    // 'abc.*'  -> skip this rule,
    //    coz trailing single wildcard will be handed by [trailing wildcard]
    /(^|[^\\])(?:\\\*)+(?!$)/g,

    // '*.js' matches '.js'
    // '*.js' doesn't match 'abc'
    // 1. An asterisk "*" matches anything except a slash.
    // 2. Other consecutive asterisks are considered regular asterisks
    //    and collapse into one non-slash wildcard run.
    (_, p1) => p1 + WILDCARD,
    '*'
  ],

  // trailing wildcard, held apart from a literal star
  [
    // The step above leaves a trailing `*` alone, so a single `\*` is all that
    //   can be left at the end here, and what stands in front of it says which
    //   kind it is. A wildcard arrives as the escaper wrote it, `\*` with
    //   nothing before it; a literal arrives as the user's own escape, which
    //   the escaper doubled, and then the star's own -- `\\` and then `\*`.
    //   There is no third case: every backslash still reaching the chain is
    //   one `\*`, `\[` or `\ ` carries itself, and each is followed by its
    //   own character, so a longer run can never form. This runs while the
    //   two are still distinct, before the unescape steps below collapse the
    //   literal onto the very `\*` a wildcard leaves behind.
    /(^|[^\\])((?:\\\\)*)\\\*$/,

    (match, p1, p2) =>
      p2 === EMPTY
        // A real wildcard: carry it to `_make` as the marker, so the unescape
        //   steps and the trailing-wildcard rewrite can never mistake it for a
        //   literal `\*` (nor the reverse).
        ? p1 + TRAILING_WILDCARD
        // A literal star: leave it exactly as it stands for the unescape steps.
        : match,
    '*'
  ],

  [
    // unescape, revert step 3 except for back slash
    // For example, if a user escape a '\\*',
    // after step 3, the result will be '\\\\\\*'
    /\\\\\\(?=[$.|*+(){^])/g,
    () => ESCAPE,
    ESCAPE + ESCAPE
  ],

  [
    // '\\\\' -> '\\'
    /\\\\/g,
    () => ESCAPE,
    ESCAPE + ESCAPE
  ],

  [
    // Every real bracket expression -- POSIX classes included -- has already
    //   been held aside by `extractBrackets`, so the only `[` left in the
    //   pattern is an escaped, literal one.

    // A backslash could only stand at the end of the range if it quoted the
    //   `]`, and `\]` is held aside long before this.
    /\\\[([^\]/]*?)($|\])/g,

    // '\\[bar]' -> '\\\\[bar]'
    (match, range, close) => `\\[${range}${close}`,
    '['
  ],

  // ending
  [
    // 'js' will not match 'js.'
    // 'ab' will not match 'abc'
    DIRECT,

    // WTF!
    // https://git-scm.com/docs/gitignore
    // changes in [2.22.1](https://git-scm.com/docs/gitignore/2.22.1)
    // which re-fixes #24, #38

    // > If there is a separator at the end of the pattern then the pattern
    // > will only match directories, otherwise the pattern can match both
    // > files and directories.

    // 'js*' will not match 'a.js'
    // 'js/' will not match 'a.js'
    // 'js' will match 'a.js' and 'a.js/'
    source => {
      const last = source[source.length - 1]

      // The pattern is empty, or ends in a pending marker `_make` owns --
      //   the trailing wildcard, or a trailing "/**". A trailing `*` that is
      //   not the marker is a literal star, which anchors like any other
      //   final character.
      if (!last || last === TRAILING_WILDCARD || last === TRAILING_DOUBLESTAR) {
        return source
      }

      return last === SLASH
        // foo/ will not match 'foo'
        ? `${source}$`
        // foo matches 'foo' and 'foo/'
        : `${source}(?=$|\\/$)`
    }
  ]
]

const REGEX_REPLACE_TRAILING_WILDCARD = /(^|\\\/)?\uE000$/
const MODE_IGNORE = 'regex'
const MODE_CHECK_IGNORE = 'checkRegex'
const UNDERSCORE = '_'

const replaceTrailingWildcard = (_, p1) => {
  const prefix = p1
    // '\^':
    // '/*' does not match EMPTY
    // '/*' does not match everything

    // '\\\/':
    // 'abc/*' does not match 'abc/'
    ? `${p1}[^/]+`

    // 'a*' matches 'a'
    // 'a*' matches 'aa'
    : '[^/]*'

  return `${prefix}(?=$|\\/$)`
}

const REGEX_REPLACE_TRAILING_DOUBLESTAR = /\uE001$/

// 'abc/**' matches everything under 'abc', but not 'abc/' itself (#21):
//   requiring one arbitrary character (line terminators included, #176)
//   after 'abc/' is necessary and sufficient for `.test(path)`.
const replaceTrailingDoublestar = () => '[\\s\\S]'

// The fixed piece between the wildcard at `at` and the next wildcard of the
//   run: the tokens that separate them, joined as they appear in the source.
//   A run never holds two wildcards in a row, so there is always at least one
//   token.
const separatorAfter = (run, at) => {
  let separator = EMPTY

  for (let index = at + 1; index < run.length && !run[index].wildcard; index ++) {
    separator += run[index].single
  }

  return separator
}

// Where a run of non-slash wildcards is split by fixed pieces --
//   `[^/]*ab[^/]*cd...` -- the engine has many equivalent ways to lay the
//   input across the wildcards, and on input that does not match it works
//   through all of them, so the time grows with the number of wildcards
//   rather than the length of the path. Every wildcard but the last in such a
//   run can be pinned to stop where the piece after it begins, which leaves
//   one way to lay out the input and no rewinding, without changing which
//   paths match: the fixed pieces still bound the count, and the last
//   wildcard still absorbs the rest.
//
// A wildcard is pinned to the whole piece, never to the piece's first
//   character. The pin leaves no way back, so a wildcard that stopped at that
//   first character would hand over wherever the character happens to turn
//   up, including the places the rest of the piece cannot follow -- which is
//   how `f*o/*/*` came to miss `foo/b/c`, the first `o` of `foo` not being
//   the one the `o/` after it needs. Every token of a piece matches exactly
//   one character, so the first place the whole piece fits is the leftmost
//   place it can sit, and whatever is left over goes to the wildcards that
//   follow.
//
// The source is read one token at a time -- a wildcard, a single-character
//   piece (a literal, an escape, a class), or a parenthesised group or anchor
//   that ends the run -- so only a genuine wildcard is touched.
const pinWildcards = source => {
  if (source.indexOf(WILDCARD) < 0) {
    return source
  }

  const tokens = []
  const {length} = source
  let index = 0

  while (index < length) {
    const char = source[index]

    if (source.startsWith(WILDCARD, index)) {
      tokens.push({wildcard: true})
      index += WILDCARD.length
    } else if (char === '[') {
      let end = index + 1

      if (source[end] === '^') {
        end ++
      }

      if (source[end] === ']') {
        end ++
      }

      while (end < length && source[end] !== ']') {
        end += source[end] === ESCAPE
          ? 2
          : 1
      }

      end ++
      tokens.push({single: source.slice(index, end)})
      index = end
    } else if (char === ESCAPE) {
      tokens.push({single: source.slice(index, index + 2)})
      index += 2
    } else if (char === '(') {
      let depth = 0
      let end = index

      do {
        if (source[end] === ESCAPE) {
          end ++
        } else if (source[end] === '(') {
          depth ++
        } else if (source[end] === ')') {
          depth --
        }

        end ++
      } while (end < length && depth > 0)

      if ('*+?'.indexOf(source[end]) >= 0) {
        end ++
      }

      tokens.push({boundary: source.slice(index, end)})
      index = end
    } else if (char === '^' || char === '$') {
      tokens.push({boundary: char})
      index ++
    } else {
      tokens.push({single: char})
      index ++
    }
  }

  let out = EMPTY
  let run = []

  const flush = () => {
    let lastWildcard

    run.forEach((token, at) => {
      if (token.wildcard) {
        lastWildcard = at
      }
    })

    run.forEach((token, at) => {
      if (!token.wildcard) {
        out += token.single
        return
      }

      // Every wildcard but the last is pinned to the whole piece that
      //   follows it, for the reason set out above this function. The last
      //   one stays as it is and takes up the rest.
      out += at === lastWildcard
        ? WILDCARD
        : `(?:(?!${separatorAfter(run, at)})[^\\/])*`
    })

    run = []
  }

  tokens.forEach(token => {
    if (token.boundary === undefined) {
      run.push(token)
      return
    }

    flush()
    out += token.boundary
  })

  flush()

  return out
}

// @param {pattern}
const makeRegexPrefix = pattern => {
  // `/**` matches every path, as `**` does. The translation below only finds
  //   a globstar beside a slash it keeps, and the leading one is turned into
  //   an anchor, so `/**` would come out as `/*` and match one level only.
  //   Here rather than in `createRule`, so that `checkSourceOf`, which
  //   compiles `/**/` again without its trailing slash, gets it too.
  if (REGEX_ANCHORED_GLOBSTAR.test(pattern)) {
    pattern = '**'
  }

  const {source, sources} = extractBrackets(pattern)

  const replaced = REPLACERS.reduce(
    // A pass whose matcher finds nothing hands back the very string it was
    //   given, so asking first costs a search and saves a rewrite. Ten of the
    //   fifteen passes never fire for a typical .gitignore line, and between
    //   them they were 45% of this chain.
    (prev, [matcher, replacer, required]) => {
      if (matcher === DIRECT) {
        return replacer(prev, pattern)
      }

      if (required !== UNDEFINED && prev.indexOf(required) < 0) {
        return prev
      }

      // A pass whose matcher finds nothing hands back the very string it was
      //   given, so asking first costs a search and saves a rewrite.
      return matcher.test(prev)
        ? prev.replace(matcher, replacer.bind(pattern))
        : prev
    },
    source
  )

  // Most patterns hold no bracket expression at all, and then there is
  //   nothing to put back.
  return sources.length
    ? replaced.replace(
      REGEX_RESTORE_PLACEHOLDER,
      (match, index) => sources[index]
    )
    : replaced
}

// `checkRegex` tests a path with a trailing slash, 'abc/', the way
//   `git check-ignore` matches that literal string once the directory itself
//   is known not to be excluded (see `checkIgnore`): a trailing '/' of the
//   pattern is dropped, a basename pattern sees an empty basename, and only a
//   pattern whose last segment is a pending wildcard can match what is left
//   after the final slash -- 'abc/*' and 'abc/**' match 'abc/', and 'abc/**'
//   also matches 'abc/d/' (#77, #169).
const checkSourceOf = (body, prefix) => {
  if (body[body.length - 1] === SLASH) {
    prefix = makeRegexPrefix(body.slice(0, - 1))
  }

  const head = prefix.slice(0, - 1)
  const last = prefix[prefix.length - 1]

  return last === TRAILING_WILDCARD
    ? `${head}$`
    : last === TRAILING_DOUBLESTAR
      ? head
      : NEVER_MATCH
}

// A trailing slash does not stop a pattern being basename-only: it restricts
//   the match to a directory, it does not let the pattern reach across one.
//   Everything else a pattern can hold -- a wildcard, a character class, an
//   escape -- stays inside a single path segment too, so a pattern with no
//   separator in it can only ever describe the last one.
const matchesBasename = body => {
  const index = body.indexOf(SLASH)

  return index < 0 || index === body.length - 1
}

// The last segment of a path, keeping a trailing slash, because a pattern that
//   ends in one matches only a directory.
// 'a/b/c.js' -> 'c.js';  'a/b/' -> 'b/';  'c.js' -> 'c.js' (no copy made)
const basenameOf = path => {
  const end = path.length - 1

  const index = path.lastIndexOf(
    SLASH,
    path[end] === SLASH
      ? end - 1
      : end
  )

  return index < 0
    ? path
    : path.slice(index + 1)
}

// The parent directory of a path, with its trailing separator, or EMPTY when
//   the path has none.
// 'a/b/c' -> 'a/b/';  'a/b/' -> 'a/';  'a' -> EMPTY;  'a/' -> EMPTY
//
// A path holding an empty segment has to be taken apart, because its
//   ancestors are not prefixes of it: the parent of 'a//b' is 'a/', not
//   'a//', and the parent of '/a/' is nothing at all. Both shapes reach here
//   -- 'a//b' is accepted outright, and `checkIgnore` does not put the path
//   it is given through the relative-path check.
//
// Every other path is a prefix of itself, and cutting one costs a fraction of
//   splitting it into an array and joining that back at every level: 73ns
//   against 207ns.
const parentOf = path => {
  if (
    path.charCodeAt(0) === SLASH_CODE
    || path.indexOf(DOUBLE_SLASH) >= 0
  ) {
    const slices = path.split(SLASH).filter(Boolean)

    slices.pop()

    return slices.length
      ? slices.join(SLASH) + SLASH
      : EMPTY
  }

  const end = path.length - 1

  // Look back from before a trailing separator, since that one belongs to the
  //   path itself.
  //
  // A negative place to start would be a trap here: `lastIndexOf` clamps one
  //   to 0 and searches there rather than reporting no match, so '/' would
  //   come back as its own parent and the walk would never end. It cannot
  //   happen -- that is the only path short enough to produce one, and the
  //   test above has already sent it the other way.
  const cut = path.lastIndexOf(
    SLASH,
    path.charCodeAt(end) === SLASH_CODE
      ? end - 1
      : end
  )

  return cut < 0
    ? EMPTY
    : path.slice(0, cut + 1)
}

const isString = subject => typeof subject === 'string'

// Blank lines, comments and trailing lone backslashes are told by
//   `createRule`, once the pattern is normalized.
const checkPattern = pattern => pattern
  && isString(pattern)

// Git drops one CR before each LF, and one at the end of a final line that
//   has no LF after it.
const splitPattern = pattern => (
  pattern[pattern.length - 1] === '\r'
    ? pattern.slice(0, - 1)
    : pattern
)
.split(REGEX_SPLITALL_CRLF)
.filter(Boolean)

class IgnoreRule {
  constructor (
    pattern,
    mark,
    body,
    ignoreCase,
    negative,
    prefix
  ) {
    this.pattern = pattern
    this.mark = mark
    this.negative = negative

    define(this, 'body', body)
    define(this, 'ignoreCase', ignoreCase)
    define(this, 'regexPrefix', prefix)
  }

  // Worked out on first use and kept behind an own property, the way `regex`
  //   caches itself in `_regex`. Deciding it in the constructor instead would
  //   add a fourth `defineProperty` to every rule ever built, which cost 4% of
  //   every compile -- including the compiles of rules that are never matched
  //   against anything.
  get _basenameOnly () {
    return define(this, '_basenameOnly', matchesBasename(this.body))
  }

  get regex () {
    const key = UNDERSCORE + MODE_IGNORE

    if (this[key]) {
      return this[key]
    }

    return this._make(MODE_IGNORE, key)
  }

  get checkRegex () {
    const key = UNDERSCORE + MODE_CHECK_IGNORE

    if (this[key]) {
      return this[key]
    }

    return this._make(MODE_CHECK_IGNORE, key)
  }

  _make (mode, key) {
    const str = pinWildcards(
      mode === MODE_IGNORE
        ? this.regexPrefix
        .replace(REGEX_REPLACE_TRAILING_WILDCARD, replaceTrailingWildcard)
        .replace(REGEX_REPLACE_TRAILING_DOUBLESTAR, replaceTrailingDoublestar)
        : checkSourceOf(this.body, this.regexPrefix)
    )

    const regex = this.ignoreCase
      ? new RegExp(str, 'i')
      : new RegExp(str)

    return define(this, key, regex)
  }
}

const hasTrailingBackslash = str => {
  let count = 0

  while (str[str.length - count - 1] === ESCAPE) {
    count ++
  }

  return count % 2 === 1
}

// Read a line the way git does: when `stripLineEnd` is set (an unsplit array
//   or object pattern), drop any trailing blank lines along with the LF
//   before each and at most one CR at the end of the line; then trim trailing
//   spaces in the same backward pass. Git trims spaces only, and a space
//   escaped by an odd run of backslashes stays, unescaped, as the last one.
// Scanned from the end: a regular expression can only try each start in
//   turn, which is quadratic over a long run of spaces or backslashes.
// 'a  ' -> 'a';  'a\ ' -> 'a ';  'a\\ ' -> 'a\\';  'a\t' -> 'a\t'
// 'a\r\n' -> 'a';  'a\r\r' -> 'a\r';  'a\n\r' -> 'a'
const trimEnd = (body, stripLineEnd) => {
  let lineEnd = body.length
  let end

  for (;;) {
    if (stripLineEnd && body[lineEnd - 1] === '\r') {
      lineEnd --
    }

    end = lineEnd

    while (body[end - 1] === SPACE) {
      end --
    }

    if (!stripLineEnd || body[end - 1] !== '\n') {
      break
    }

    lineEnd = end - 1
  }

  if (end === lineEnd) {
    return body.slice(0, lineEnd)
  }

  let backslashes = 0

  while (body[end - backslashes - 1] === ESCAPE) {
    backslashes ++
  }

  return backslashes % 2
    ? body.slice(0, end - 1) + SPACE
    : body.slice(0, end)
}

const createRule = (
  pattern,
  mark,
  ignoreCase,
  stripLineEnd,
  stripBOM
) => {
  // Git drops a BOM before it reads the first line, so before anything else.
  let body = stripBOM && pattern[0] === BOM
    ? pattern.slice(1)
    : pattern

  // > A line starting with # serves as a comment.
  if (body[0] === '#') {
    return
  }

  let negative = false

  // > An optional prefix "!" which negates the pattern;
  if (body[0] === '!') {
    negative = true
    body = body.slice(1)
  }

  // Normalize the body before checking which slashes anchor the pattern.
  //   Otherwise `bar/ ` is mistaken for a pattern containing an inner slash.
  //   A line from `splitPattern` has already lost its line ending, so only a
  //   trailing space remains to trim there.
  const last = body[body.length - 1]

  if (
    last === SPACE
    || stripLineEnd && (last === '\r' || last === '\n')
  ) {
    body = trimEnd(body, stripLineEnd)
  }

  // > A blank line matches no files, so it can serve as a separator for
  // >   readability.
  // Nor does a lone "!", a pattern ending on an unpaired backslash, or
  //   anything else left empty here: an empty pattern would compile to a
  //   regex matching every path.
  if (!body || hasTrailingBackslash(body)) {
    return
  }

  body = body
  // > Put a backslash ("\") in front of the first "!" for patterns that
  // >   begin with a literal "!", for example, `"\!important!.txt"`.
  .replace(REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION, '!')
  // > Put a backslash ("\") in front of the first hash for patterns that
  // >   begin with a hash.
  .replace(REGEX_REPLACE_LEADING_EXCAPED_HASH, '#')

  const regexPrefix = makeRegexPrefix(body)

  return new IgnoreRule(
    pattern,
    mark,
    body,
    ignoreCase,
    negative,
    regexPrefix
  )
}

class RuleManager {
  constructor (ignoreCase) {
    this._ignoreCase = ignoreCase
    this._rules = []

    // How many of the rules git would tag `EXC_FLAG_NODIR`.
    //
    // The scan uses it to decide, once for the whole set, whether handing
    //   those rules the basename is worth what it costs the others. The
    //   shortcut saves a full-path scan on every rule it applies to and costs
    //   a check on every rule it does not, so a set where almost nothing is
    //   basename-only comes out behind -- a 955 pattern set with 44 of them
    //   measured 19% slower with the shortcut always on.
    //
    // Deciding this by measurement rather than by meaning is safe: a
    //   basename-only pattern gives the very same answer against the whole
    //   path, it just takes longer to say so. The choice can only change how
    //   fast the scan runs, never what it returns.
    this._basenameCount = 0
  }

  _add (pattern, index) {
    // #32
    if (pattern && pattern[KEY_IGNORE]) {
      this._rules = this._rules.concat(pattern._rules._rules)
      this._basenameCount += pattern._rules._basenameCount
      this._added = true
      return
    }

    const isStr = isString(pattern)
    const raw = isStr
      ? pattern
      : pattern.pattern

    const rule = checkPattern(raw)
      && createRule(
        raw,
        isStr ? UNDEFINED : pattern.mark,
        this._ignoreCase,
        !this._split,
        this._stripBOM && !index
      )

    if (rule) {
      this._added = true
      this._rules.push(rule)

      // Deliberately not `rule._basenameOnly`: reading that would materialise
      //   the rule's own copy, and the whole point of leaving it lazy is that
      //   a rule which is compiled and never matched never pays for it.
      if (matchesBasename(rule.body)) {
        this._basenameCount ++
      }
    }
  }

  // @param {Array<string> | string | Ignore} pattern
  add (pattern) {
    this._added = false
    this._split = isString(pattern)
    this._stripBOM = !this._split || pattern[0] === BOM

    makeArray(
      this._split
        ? splitPattern(pattern)
        : pattern
    ).forEach(this._add, this)

    if (this._added) {
      this._literalRules = UNDEFINED
    }

    return this._added
  }

  // Match the literal 'abc/' for `checkIgnore`, last rule wins. Only a rule
  //   ending in a wildcard can match it (see `checkSourceOf`), so the rest
  //   are left out once, rather than tested or compiled for every path.
  testLiteral (path) {
    const rules = this._literalRules || (
      this._literalRules = this._rules.filter(
        ({body}) => body[body.length - (
          body[body.length - 1] === SLASH ? 2 : 1
        )] === '*'
      )
    )

    let ignored = false
    let unignored = false
    let matchedRule

    for (let index = rules.length - 1; index >= 0; index --) {
      const rule = rules[index]

      if (rule.checkRegex.test(path)) {
        ignored = !rule.negative
        unignored = rule.negative
        matchedRule = rule.negative
          ? UNDEFINED
          : rule
        break
      }
    }

    const ret = {
      ignored,
      unignored
    }

    if (matchedRule) {
      ret.rule = matchedRule
    }

    return ret
  }

  // Test one single path without recursively checking parent directories
  //
  // - mode `string` either `MODE_IGNORE` or `MODE_CHECK_IGNORE`

  // @returns {TestResult}
  test (path, mode) {
    // Most of a .gitignore is patterns with no slash in them, and running
    //   those against the whole path makes the regular expression engine walk
    //   every directory name on the way to the only segment that could match.
    //   Handing them the basename instead is what git does, and it is where
    //   the time in a directory walk goes: the rule scan was two thirds of it.
    const rules = this._rules
    const {length} = rules

    const shortcut = this._basenameCount * 2 >= length

    const basename = shortcut
      ? basenameOf(path)
      : path

    // The last rule to match decides, as in git, and it is the rule
    //   `git check-ignore -v` reports, so the scan runs from the end and stops
    //   at the first match.
    // A plain loop rather than `forEach`, so that `path`, `basename` and
    //   `shortcut` are locals. As a callback they became closure variables,
    //   and reaching for one of those once per rule cost 10% of a scan over a
    //   large rule set -- more than the shortcut they were there to serve.
    for (let index = length - 1; index >= 0; index --) {
      const rule = rules[index]

      if (rule[mode].test(
        shortcut && rule._basenameOnly
          ? basename
          : path
      )) {
        const {negative} = rule

        const ret = {
          ignored: !negative,
          unignored: negative
        }

        if (!negative) {
          ret.rule = rule
        }

        return ret
      }
    }

    return {
      ignored: false,
      unignored: false
    }
  }
}

const throwError = (message, Ctor) => {
  throw new Ctor(message)
}

const checkPath = (path, originalPath, doThrow) => {
  if (!isString(path)) {
    return doThrow(
      `path must be a string, but got \`${originalPath}\``,
      TypeError
    )
  }

  // We don't know if we should ignore EMPTY, so throw
  if (!path) {
    return doThrow(`path must not be empty`, TypeError)
  }

  // Check if it is a relative path
  if (checkPath.isNotRelative(path)) {
    const r = '`path.relative()`d'
    return doThrow(
      `path should be a ${r} string, but got "${originalPath}"`,
      RangeError
    )
  }

  return true
}

// > pathname should be a `path.relative()`d one
//
// The same thing `REGEX_TEST_INVALID_PATH` says, spelled out: a path is not
//   relative if it begins with a separator, or with `./` or `../`, or is
//   nothing but `.` or `..`. Every match is decided by the first three
//   characters, and this runs on every path handed to the library -- where it
//   was 55% of a cached lookup, more than the cache lookup itself.
const isNotRelative = path => {
  const first = path.charCodeAt(0)

  if (first === SLASH_CODE) {
    return true
  }

  if (first !== DOT_CODE) {
    return false
  }

  // '.'
  if (path.length === 1) {
    return true
  }

  const second = path.charCodeAt(1)

  // './'
  if (second === SLASH_CODE) {
    return true
  }

  if (second !== DOT_CODE) {
    return false
  }

  // '..' or '../'
  return path.length === 2 || path.charCodeAt(2) === SLASH_CODE
}

checkPath.isNotRelative = isNotRelative

// On windows, the following function will be replaced
/* istanbul ignore next */
checkPath.convert = p => p


const convertPath = target =>
  isString(target) && checkPath.convert(target)


class Ignore {
  constructor ({
    ignorecase = true,
    ignoreCase = ignorecase,
    allowRelativePaths = false
  } = {}) {
    define(this, KEY_IGNORE, true)

    this._rules = new RuleManager(ignoreCase)
    this._strictPathCheck = !allowRelativePaths
    this._initCache()
  }

  _initCache () {
    // A cache for the result of `.ignores()`
    this._ignoreCache = Object.create(null)

    // A cache for the result of `.test()`
    this._testCache = Object.create(null)
  }

  add (pattern) {
    if (this._rules.add(pattern)) {
      // Some rules have just added to the ignore,
      //   making the behavior changed,
      //   so we need to re-initialize the result cache
      this._initCache()
    }

    return this
  }

  // legacy
  addPattern (pattern) {
    return this.add(pattern)
  }

  // @returns {TestResult}
  _test (originalPath, cache, path) {
    checkPath(
      path,
      originalPath,
      this._strictPathCheck
        ? throwError
        : RETURN_FALSE
    )

    return path
      ? this._t(path, cache)
      : {
        ignored: false,
        unignored: false
      }
  }

  checkIgnore (target) {
    // A Windows path is converted first, so that a directory given with a
    //   trailing separator, `\` or `/`, is told the same way
    const path = convertPath(target)

    // If the path does not end with a slash, `.ignores()` is much equivalent
    //   to `git check-ignore`
    if (!path || path.charCodeAt(path.length - 1) !== SLASH_CODE) {
      return this._test(target, this._testCache, path)
    }

    // Like `git check-ignore`: a directory excluded by itself or by an
    //   ancestor settles it, and only then is the literal 'abc/' matched
    //   against the rules (see `checkSourceOf`).
    const dir = this._t(path, this._testCache)

    if (dir.ignored) {
      return dir
    }

    const literal = this._rules.testLiteral(path)

    return literal.ignored || literal.unignored
      ? literal
      : dir
  }

  _t (
    // The path to be tested
    path,

    // The cache for the result of a certain checking
    cache
  ) {
    if (path in cache) {
      return cache[path]
    }

    const parentPath = parentOf(path)

    // If the path contains a parent directory, check the parent first
    const parent = parentPath
      ? this._t(parentPath, cache)
      : UNDEFINED

    return cache[path] = parent && parent.ignored
      // > It is not possible to re-include a file if a parent directory of
      // >   that file is excluded.
      ? parent
      : this._rules.test(path, MODE_IGNORE)
  }

  ignores (path) {
    return this._test(path, this._ignoreCache, convertPath(path)).ignored
  }

  createFilter () {
    return path => !this.ignores(path)
  }

  filter (paths) {
    return makeArray(paths).filter(this.createFilter())
  }

  // @returns {TestResult}
  test (path) {
    return this._test(path, this._testCache, convertPath(path))
  }
}

const factory = options => new Ignore(options)

const isPathValid = path =>
  checkPath(convertPath(path), path, RETURN_FALSE)

/* istanbul ignore next */
const setupWindows = () => {
  /* eslint no-control-regex: "off" */
  const makePosix = str => /^\\\\\?\\/.test(str)
  || /["<>|\u0000-\u001F]+/u.test(str)
    ? str
    : str.replace(/\\/g, '/')

  checkPath.convert = makePosix

  // 'C:\\foo'     <- 'C:\\foo' has been converted to 'C:/'
  // 'd:\\foo'
  const REGEX_TEST_WINDOWS_PATH_ABSOLUTE = /^[a-z]:\//i
  checkPath.isNotRelative = path =>
    REGEX_TEST_WINDOWS_PATH_ABSOLUTE.test(path)
    || isNotRelative(path)
}


// Windows
// --------------------------------------------------------------
/* istanbul ignore next */
if (
  // Detect `process` so that it can run in browsers.
  typeof process !== 'undefined'
  && process.platform === 'win32'
) {
  setupWindows()
}

// COMMONJS_EXPORTS ////////////////////////////////////////////////////////////

module.exports = factory

// Although it is an anti-pattern,
//   it is still widely misused by a lot of libraries in github
// Ref: https://github.com/search?q=ignore.default%28%29&type=code
factory.default = factory

module.exports.isPathValid = isPathValid

// For testing purposes
define(module.exports, Symbol.for('setupWindows'), setupWindows)


/***/ }),

/***/ 807:
/***/ ((module, exports, __nccwpck_require__) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./format", "./parser"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.isWS = exports.applyEdit = exports.setProperty = exports.removeProperty = void 0;
    const format_1 = __nccwpck_require__(612);
    const parser_1 = __nccwpck_require__(152);
    function removeProperty(text, path, options) {
        return setProperty(text, path, void 0, options);
    }
    exports.removeProperty = removeProperty;
    function setProperty(text, originalPath, value, options) {
        const path = originalPath.slice();
        const errors = [];
        const root = (0, parser_1.parseTree)(text, errors);
        let parent = void 0;
        let lastSegment = void 0;
        while (path.length > 0) {
            lastSegment = path.pop();
            parent = (0, parser_1.findNodeAtLocation)(root, path);
            if (parent === void 0 && value !== void 0) {
                if (typeof lastSegment === 'string') {
                    value = { [lastSegment]: value };
                }
                else {
                    value = [value];
                }
            }
            else {
                break;
            }
        }
        if (!parent) {
            // empty document
            if (value === void 0) { // delete
                throw new Error('Can not delete in empty document');
            }
            return withFormatting(text, { offset: root ? root.offset : 0, length: root ? root.length : 0, content: JSON.stringify(value) }, options);
        }
        else if (parent.type === 'object' && typeof lastSegment === 'string' && Array.isArray(parent.children)) {
            const existing = (0, parser_1.findNodeAtLocation)(parent, [lastSegment]);
            if (existing !== void 0) {
                if (value === void 0) { // delete
                    if (!existing.parent) {
                        throw new Error('Malformed AST');
                    }
                    const propertyIndex = parent.children.indexOf(existing.parent);
                    let removeBegin;
                    let removeEnd = existing.parent.offset + existing.parent.length;
                    if (propertyIndex > 0) {
                        // remove the comma of the previous node
                        let previous = parent.children[propertyIndex - 1];
                        removeBegin = previous.offset + previous.length;
                    }
                    else {
                        removeBegin = parent.offset + 1;
                        if (parent.children.length > 1) {
                            // remove the comma of the next node
                            let next = parent.children[1];
                            removeEnd = next.offset;
                        }
                    }
                    return withFormatting(text, { offset: removeBegin, length: removeEnd - removeBegin, content: '' }, options);
                }
                else {
                    // set value of existing property
                    return withFormatting(text, { offset: existing.offset, length: existing.length, content: JSON.stringify(value) }, options);
                }
            }
            else {
                if (value === void 0) { // delete
                    return []; // property does not exist, nothing to do
                }
                const newProperty = `${JSON.stringify(lastSegment)}: ${JSON.stringify(value)}`;
                const index = options.getInsertionIndex ? options.getInsertionIndex(parent.children.map(p => p.children[0].value)) : parent.children.length;
                let edit;
                if (index > 0) {
                    let previous = parent.children[index - 1];
                    edit = { offset: previous.offset + previous.length, length: 0, content: ',' + newProperty };
                }
                else if (parent.children.length === 0) {
                    edit = { offset: parent.offset + 1, length: 0, content: newProperty };
                }
                else {
                    edit = { offset: parent.offset + 1, length: 0, content: newProperty + ',' };
                }
                return withFormatting(text, edit, options);
            }
        }
        else if (parent.type === 'array' && typeof lastSegment === 'number' && Array.isArray(parent.children)) {
            const insertIndex = lastSegment;
            if (insertIndex === -1) {
                // Insert
                const newProperty = `${JSON.stringify(value)}`;
                let edit;
                if (parent.children.length === 0) {
                    edit = { offset: parent.offset + 1, length: 0, content: newProperty };
                }
                else {
                    const previous = parent.children[parent.children.length - 1];
                    edit = { offset: previous.offset + previous.length, length: 0, content: ',' + newProperty };
                }
                return withFormatting(text, edit, options);
            }
            else if (value === void 0 && parent.children.length >= 0) {
                // Removal
                const removalIndex = lastSegment;
                const toRemove = parent.children[removalIndex];
                let edit;
                if (parent.children.length === 1) {
                    // only item
                    edit = { offset: parent.offset + 1, length: parent.length - 2, content: '' };
                }
                else if (parent.children.length - 1 === removalIndex) {
                    // last item
                    let previous = parent.children[removalIndex - 1];
                    let offset = previous.offset + previous.length;
                    let parentEndOffset = parent.offset + parent.length;
                    edit = { offset, length: parentEndOffset - 2 - offset, content: '' };
                }
                else {
                    edit = { offset: toRemove.offset, length: parent.children[removalIndex + 1].offset - toRemove.offset, content: '' };
                }
                return withFormatting(text, edit, options);
            }
            else if (value !== void 0) {
                let edit;
                const newProperty = `${JSON.stringify(value)}`;
                if (!options.isArrayInsertion && parent.children.length > lastSegment) {
                    const toModify = parent.children[lastSegment];
                    edit = { offset: toModify.offset, length: toModify.length, content: newProperty };
                }
                else if (parent.children.length === 0 || lastSegment === 0) {
                    edit = { offset: parent.offset + 1, length: 0, content: parent.children.length === 0 ? newProperty : newProperty + ',' };
                }
                else {
                    const index = lastSegment > parent.children.length ? parent.children.length : lastSegment;
                    const previous = parent.children[index - 1];
                    edit = { offset: previous.offset + previous.length, length: 0, content: ',' + newProperty };
                }
                return withFormatting(text, edit, options);
            }
            else {
                throw new Error(`Can not ${value === void 0 ? 'remove' : (options.isArrayInsertion ? 'insert' : 'modify')} Array index ${insertIndex} as length is not sufficient`);
            }
        }
        else {
            throw new Error(`Can not add ${typeof lastSegment !== 'number' ? 'index' : 'property'} to parent of type ${parent.type}`);
        }
    }
    exports.setProperty = setProperty;
    function withFormatting(text, edit, options) {
        if (!options.formattingOptions) {
            return [edit];
        }
        // apply the edit
        let newText = applyEdit(text, edit);
        // format the new text
        let begin = edit.offset;
        let end = edit.offset + edit.content.length;
        if (edit.length === 0 || edit.content.length === 0) { // insert or remove
            while (begin > 0 && !(0, format_1.isEOL)(newText, begin - 1)) {
                begin--;
            }
            while (end < newText.length && !(0, format_1.isEOL)(newText, end)) {
                end++;
            }
        }
        const edits = (0, format_1.format)(newText, { offset: begin, length: end - begin }, { ...options.formattingOptions, keepLines: false });
        // apply the formatting edits and track the begin and end offsets of the changes
        for (let i = edits.length - 1; i >= 0; i--) {
            const edit = edits[i];
            newText = applyEdit(newText, edit);
            begin = Math.min(begin, edit.offset);
            end = Math.max(end, edit.offset + edit.length);
            end += edit.content.length - edit.length;
        }
        // create a single edit with all changes
        const editLength = text.length - (newText.length - end) - begin;
        return [{ offset: begin, length: editLength, content: newText.substring(begin, end) }];
    }
    function applyEdit(text, edit) {
        return text.substring(0, edit.offset) + edit.content + text.substring(edit.offset + edit.length);
    }
    exports.applyEdit = applyEdit;
    function isWS(text, offset) {
        return '\r\n \t'.indexOf(text.charAt(offset)) !== -1;
    }
    exports.isWS = isWS;
});


/***/ }),

/***/ 612:
/***/ ((module, exports, __nccwpck_require__) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./scanner", "./string-intern"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.isEOL = exports.format = void 0;
    const scanner_1 = __nccwpck_require__(525);
    const string_intern_1 = __nccwpck_require__(579);
    function format(documentText, range, options) {
        let initialIndentLevel;
        let formatText;
        let formatTextStart;
        let rangeStart;
        let rangeEnd;
        if (range) {
            rangeStart = range.offset;
            rangeEnd = rangeStart + range.length;
            formatTextStart = rangeStart;
            while (formatTextStart > 0 && !isEOL(documentText, formatTextStart - 1)) {
                formatTextStart--;
            }
            let endOffset = rangeEnd;
            while (endOffset < documentText.length && !isEOL(documentText, endOffset)) {
                endOffset++;
            }
            formatText = documentText.substring(formatTextStart, endOffset);
            initialIndentLevel = computeIndentLevel(formatText, options);
        }
        else {
            formatText = documentText;
            initialIndentLevel = 0;
            formatTextStart = 0;
            rangeStart = 0;
            rangeEnd = documentText.length;
        }
        const eol = getEOL(options, documentText);
        const eolFastPathSupported = string_intern_1.supportedEols.includes(eol);
        let numberLineBreaks = 0;
        let indentLevel = 0;
        let indentValue;
        if (options.insertSpaces) {
            indentValue = string_intern_1.cachedSpaces[options.tabSize || 4] ?? repeat(string_intern_1.cachedSpaces[1], options.tabSize || 4);
        }
        else {
            indentValue = '\t';
        }
        const indentType = indentValue === '\t' ? '\t' : ' ';
        let scanner = (0, scanner_1.createScanner)(formatText, false);
        let hasError = false;
        function newLinesAndIndent() {
            if (numberLineBreaks > 1) {
                return repeat(eol, numberLineBreaks) + repeat(indentValue, initialIndentLevel + indentLevel);
            }
            const amountOfSpaces = indentValue.length * (initialIndentLevel + indentLevel);
            if (!eolFastPathSupported || amountOfSpaces > string_intern_1.cachedBreakLinesWithSpaces[indentType][eol].length) {
                return eol + repeat(indentValue, initialIndentLevel + indentLevel);
            }
            if (amountOfSpaces <= 0) {
                return eol;
            }
            return string_intern_1.cachedBreakLinesWithSpaces[indentType][eol][amountOfSpaces];
        }
        function scanNext() {
            let token = scanner.scan();
            numberLineBreaks = 0;
            while (token === 15 /* SyntaxKind.Trivia */ || token === 14 /* SyntaxKind.LineBreakTrivia */) {
                if (token === 14 /* SyntaxKind.LineBreakTrivia */ && options.keepLines) {
                    numberLineBreaks += 1;
                }
                else if (token === 14 /* SyntaxKind.LineBreakTrivia */) {
                    numberLineBreaks = 1;
                }
                token = scanner.scan();
            }
            hasError = token === 16 /* SyntaxKind.Unknown */ || scanner.getTokenError() !== 0 /* ScanError.None */;
            return token;
        }
        const editOperations = [];
        function addEdit(text, startOffset, endOffset) {
            if (!hasError && (!range || (startOffset < rangeEnd && endOffset > rangeStart)) && documentText.substring(startOffset, endOffset) !== text) {
                editOperations.push({ offset: startOffset, length: endOffset - startOffset, content: text });
            }
        }
        let firstToken = scanNext();
        if (options.keepLines && numberLineBreaks > 0) {
            addEdit(repeat(eol, numberLineBreaks), 0, 0);
        }
        if (firstToken !== 17 /* SyntaxKind.EOF */) {
            let firstTokenStart = scanner.getTokenOffset() + formatTextStart;
            let initialIndent = (indentValue.length * initialIndentLevel < 20) && options.insertSpaces
                ? string_intern_1.cachedSpaces[indentValue.length * initialIndentLevel]
                : repeat(indentValue, initialIndentLevel);
            addEdit(initialIndent, formatTextStart, firstTokenStart);
        }
        while (firstToken !== 17 /* SyntaxKind.EOF */) {
            let firstTokenEnd = scanner.getTokenOffset() + scanner.getTokenLength() + formatTextStart;
            let secondToken = scanNext();
            let replaceContent = '';
            let needsLineBreak = false;
            while (numberLineBreaks === 0 && (secondToken === 12 /* SyntaxKind.LineCommentTrivia */ || secondToken === 13 /* SyntaxKind.BlockCommentTrivia */)) {
                let commentTokenStart = scanner.getTokenOffset() + formatTextStart;
                addEdit(string_intern_1.cachedSpaces[1], firstTokenEnd, commentTokenStart);
                firstTokenEnd = scanner.getTokenOffset() + scanner.getTokenLength() + formatTextStart;
                needsLineBreak = secondToken === 12 /* SyntaxKind.LineCommentTrivia */;
                replaceContent = needsLineBreak ? newLinesAndIndent() : '';
                secondToken = scanNext();
            }
            if (secondToken === 2 /* SyntaxKind.CloseBraceToken */) {
                if (firstToken !== 1 /* SyntaxKind.OpenBraceToken */) {
                    indentLevel--;
                }
                ;
                if (options.keepLines && numberLineBreaks > 0 || !options.keepLines && firstToken !== 1 /* SyntaxKind.OpenBraceToken */) {
                    replaceContent = newLinesAndIndent();
                }
                else if (options.keepLines) {
                    replaceContent = string_intern_1.cachedSpaces[1];
                }
            }
            else if (secondToken === 4 /* SyntaxKind.CloseBracketToken */) {
                if (firstToken !== 3 /* SyntaxKind.OpenBracketToken */) {
                    indentLevel--;
                }
                ;
                if (options.keepLines && numberLineBreaks > 0 || !options.keepLines && firstToken !== 3 /* SyntaxKind.OpenBracketToken */) {
                    replaceContent = newLinesAndIndent();
                }
                else if (options.keepLines) {
                    replaceContent = string_intern_1.cachedSpaces[1];
                }
            }
            else {
                switch (firstToken) {
                    case 3 /* SyntaxKind.OpenBracketToken */:
                    case 1 /* SyntaxKind.OpenBraceToken */:
                        indentLevel++;
                        if (options.keepLines && numberLineBreaks > 0 || !options.keepLines) {
                            replaceContent = newLinesAndIndent();
                        }
                        else {
                            replaceContent = string_intern_1.cachedSpaces[1];
                        }
                        break;
                    case 5 /* SyntaxKind.CommaToken */:
                        if (options.keepLines && numberLineBreaks > 0 || !options.keepLines) {
                            replaceContent = newLinesAndIndent();
                        }
                        else {
                            replaceContent = string_intern_1.cachedSpaces[1];
                        }
                        break;
                    case 12 /* SyntaxKind.LineCommentTrivia */:
                        replaceContent = newLinesAndIndent();
                        break;
                    case 13 /* SyntaxKind.BlockCommentTrivia */:
                        if (numberLineBreaks > 0) {
                            replaceContent = newLinesAndIndent();
                        }
                        else if (!needsLineBreak) {
                            replaceContent = string_intern_1.cachedSpaces[1];
                        }
                        break;
                    case 6 /* SyntaxKind.ColonToken */:
                        if (options.keepLines && numberLineBreaks > 0) {
                            replaceContent = newLinesAndIndent();
                        }
                        else if (!needsLineBreak) {
                            replaceContent = string_intern_1.cachedSpaces[1];
                        }
                        break;
                    case 10 /* SyntaxKind.StringLiteral */:
                        if (options.keepLines && numberLineBreaks > 0) {
                            replaceContent = newLinesAndIndent();
                        }
                        else if (secondToken === 6 /* SyntaxKind.ColonToken */ && !needsLineBreak) {
                            replaceContent = '';
                        }
                        break;
                    case 7 /* SyntaxKind.NullKeyword */:
                    case 8 /* SyntaxKind.TrueKeyword */:
                    case 9 /* SyntaxKind.FalseKeyword */:
                    case 11 /* SyntaxKind.NumericLiteral */:
                    case 2 /* SyntaxKind.CloseBraceToken */:
                    case 4 /* SyntaxKind.CloseBracketToken */:
                        if (options.keepLines && numberLineBreaks > 0) {
                            replaceContent = newLinesAndIndent();
                        }
                        else {
                            if ((secondToken === 12 /* SyntaxKind.LineCommentTrivia */ || secondToken === 13 /* SyntaxKind.BlockCommentTrivia */) && !needsLineBreak) {
                                replaceContent = string_intern_1.cachedSpaces[1];
                            }
                            else if (secondToken !== 5 /* SyntaxKind.CommaToken */ && secondToken !== 17 /* SyntaxKind.EOF */) {
                                hasError = true;
                            }
                        }
                        break;
                    case 16 /* SyntaxKind.Unknown */:
                        hasError = true;
                        break;
                }
                if (numberLineBreaks > 0 && (secondToken === 12 /* SyntaxKind.LineCommentTrivia */ || secondToken === 13 /* SyntaxKind.BlockCommentTrivia */)) {
                    replaceContent = newLinesAndIndent();
                }
            }
            if (secondToken === 17 /* SyntaxKind.EOF */) {
                if (options.keepLines && numberLineBreaks > 0) {
                    replaceContent = newLinesAndIndent();
                }
                else {
                    replaceContent = options.insertFinalNewline ? eol : '';
                }
            }
            const secondTokenStart = scanner.getTokenOffset() + formatTextStart;
            addEdit(replaceContent, firstTokenEnd, secondTokenStart);
            firstToken = secondToken;
        }
        return editOperations;
    }
    exports.format = format;
    function repeat(s, count) {
        let result = '';
        for (let i = 0; i < count; i++) {
            result += s;
        }
        return result;
    }
    function computeIndentLevel(content, options) {
        let i = 0;
        let nChars = 0;
        const tabSize = options.tabSize || 4;
        while (i < content.length) {
            let ch = content.charAt(i);
            if (ch === string_intern_1.cachedSpaces[1]) {
                nChars++;
            }
            else if (ch === '\t') {
                nChars += tabSize;
            }
            else {
                break;
            }
            i++;
        }
        return Math.floor(nChars / tabSize);
    }
    function getEOL(options, text) {
        for (let i = 0; i < text.length; i++) {
            const ch = text.charAt(i);
            if (ch === '\r') {
                if (i + 1 < text.length && text.charAt(i + 1) === '\n') {
                    return '\r\n';
                }
                return '\r';
            }
            else if (ch === '\n') {
                return '\n';
            }
        }
        return (options && options.eol) || '\n';
    }
    function isEOL(text, offset) {
        return '\r\n'.indexOf(text.charAt(offset)) !== -1;
    }
    exports.isEOL = isEOL;
});


/***/ }),

/***/ 152:
/***/ ((module, exports, __nccwpck_require__) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./scanner"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.getNodeType = exports.stripComments = exports.visit = exports.findNodeAtOffset = exports.contains = exports.getNodeValue = exports.getNodePath = exports.findNodeAtLocation = exports.parseTree = exports.parse = exports.getLocation = void 0;
    const scanner_1 = __nccwpck_require__(525);
    var ParseOptions;
    (function (ParseOptions) {
        ParseOptions.DEFAULT = {
            allowTrailingComma: false
        };
    })(ParseOptions || (ParseOptions = {}));
    /**
     * For a given offset, evaluate the location in the JSON document. Each segment in the location path is either a property name or an array index.
     */
    function getLocation(text, position) {
        const segments = []; // strings or numbers
        const earlyReturnException = new Object();
        let previousNode = undefined;
        const previousNodeInst = {
            value: {},
            offset: 0,
            length: 0,
            type: 'object',
            parent: undefined
        };
        let isAtPropertyKey = false;
        function setPreviousNode(value, offset, length, type) {
            previousNodeInst.value = value;
            previousNodeInst.offset = offset;
            previousNodeInst.length = length;
            previousNodeInst.type = type;
            previousNodeInst.colonOffset = undefined;
            previousNode = previousNodeInst;
        }
        try {
            visit(text, {
                onObjectBegin: (offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    previousNode = undefined;
                    isAtPropertyKey = position > offset;
                    segments.push(''); // push a placeholder (will be replaced)
                },
                onObjectProperty: (name, offset, length) => {
                    if (position < offset) {
                        throw earlyReturnException;
                    }
                    setPreviousNode(name, offset, length, 'property');
                    segments[segments.length - 1] = name;
                    if (position <= offset + length) {
                        throw earlyReturnException;
                    }
                },
                onObjectEnd: (offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    previousNode = undefined;
                    segments.pop();
                },
                onArrayBegin: (offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    previousNode = undefined;
                    segments.push(0);
                },
                onArrayEnd: (offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    previousNode = undefined;
                    segments.pop();
                },
                onLiteralValue: (value, offset, length) => {
                    if (position < offset) {
                        throw earlyReturnException;
                    }
                    setPreviousNode(value, offset, length, getNodeType(value));
                    if (position <= offset + length) {
                        throw earlyReturnException;
                    }
                },
                onSeparator: (sep, offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    if (sep === ':' && previousNode && previousNode.type === 'property') {
                        previousNode.colonOffset = offset;
                        isAtPropertyKey = false;
                        previousNode = undefined;
                    }
                    else if (sep === ',') {
                        const last = segments[segments.length - 1];
                        if (typeof last === 'number') {
                            segments[segments.length - 1] = last + 1;
                        }
                        else {
                            isAtPropertyKey = true;
                            segments[segments.length - 1] = '';
                        }
                        previousNode = undefined;
                    }
                }
            });
        }
        catch (e) {
            if (e !== earlyReturnException) {
                throw e;
            }
        }
        return {
            path: segments,
            previousNode,
            isAtPropertyKey,
            matches: (pattern) => {
                let k = 0;
                for (let i = 0; k < pattern.length && i < segments.length; i++) {
                    if (pattern[k] === segments[i] || pattern[k] === '*') {
                        k++;
                    }
                    else if (pattern[k] !== '**') {
                        return false;
                    }
                }
                return k === pattern.length;
            }
        };
    }
    exports.getLocation = getLocation;
    /**
     * Parses the given text and returns the object the JSON content represents. On invalid input, the parser tries to be as fault tolerant as possible, but still return a result.
     * Therefore always check the errors list to find out if the input was valid.
     */
    function parse(text, errors = [], options = ParseOptions.DEFAULT) {
        let currentProperty = null;
        let currentParent = [];
        const previousParents = [];
        function onValue(value) {
            if (Array.isArray(currentParent)) {
                currentParent.push(value);
            }
            else if (currentProperty !== null) {
                currentParent[currentProperty] = value;
            }
        }
        const visitor = {
            onObjectBegin: () => {
                const object = {};
                onValue(object);
                previousParents.push(currentParent);
                currentParent = object;
                currentProperty = null;
            },
            onObjectProperty: (name) => {
                currentProperty = name;
            },
            onObjectEnd: () => {
                currentParent = previousParents.pop();
            },
            onArrayBegin: () => {
                const array = [];
                onValue(array);
                previousParents.push(currentParent);
                currentParent = array;
                currentProperty = null;
            },
            onArrayEnd: () => {
                currentParent = previousParents.pop();
            },
            onLiteralValue: onValue,
            onError: (error, offset, length) => {
                errors.push({ error, offset, length });
            }
        };
        visit(text, visitor, options);
        return currentParent[0];
    }
    exports.parse = parse;
    /**
     * Parses the given text and returns a tree representation the JSON content. On invalid input, the parser tries to be as fault tolerant as possible, but still return a result.
     */
    function parseTree(text, errors = [], options = ParseOptions.DEFAULT) {
        let currentParent = { type: 'array', offset: -1, length: -1, children: [], parent: undefined }; // artificial root
        function ensurePropertyComplete(endOffset) {
            if (currentParent.type === 'property') {
                currentParent.length = endOffset - currentParent.offset;
                currentParent = currentParent.parent;
            }
        }
        function onValue(valueNode) {
            currentParent.children.push(valueNode);
            return valueNode;
        }
        const visitor = {
            onObjectBegin: (offset) => {
                currentParent = onValue({ type: 'object', offset, length: -1, parent: currentParent, children: [] });
            },
            onObjectProperty: (name, offset, length) => {
                currentParent = onValue({ type: 'property', offset, length: -1, parent: currentParent, children: [] });
                currentParent.children.push({ type: 'string', value: name, offset, length, parent: currentParent });
            },
            onObjectEnd: (offset, length) => {
                ensurePropertyComplete(offset + length); // in case of a missing value for a property: make sure property is complete
                currentParent.length = offset + length - currentParent.offset;
                currentParent = currentParent.parent;
                ensurePropertyComplete(offset + length);
            },
            onArrayBegin: (offset, length) => {
                currentParent = onValue({ type: 'array', offset, length: -1, parent: currentParent, children: [] });
            },
            onArrayEnd: (offset, length) => {
                currentParent.length = offset + length - currentParent.offset;
                currentParent = currentParent.parent;
                ensurePropertyComplete(offset + length);
            },
            onLiteralValue: (value, offset, length) => {
                onValue({ type: getNodeType(value), offset, length, parent: currentParent, value });
                ensurePropertyComplete(offset + length);
            },
            onSeparator: (sep, offset, length) => {
                if (currentParent.type === 'property') {
                    if (sep === ':') {
                        currentParent.colonOffset = offset;
                    }
                    else if (sep === ',') {
                        ensurePropertyComplete(offset);
                    }
                }
            },
            onError: (error, offset, length) => {
                errors.push({ error, offset, length });
            }
        };
        visit(text, visitor, options);
        const result = currentParent.children[0];
        if (result) {
            delete result.parent;
        }
        return result;
    }
    exports.parseTree = parseTree;
    /**
     * Finds the node at the given path in a JSON DOM.
     */
    function findNodeAtLocation(root, path) {
        if (!root) {
            return undefined;
        }
        let node = root;
        for (let segment of path) {
            if (typeof segment === 'string') {
                if (node.type !== 'object' || !Array.isArray(node.children)) {
                    return undefined;
                }
                let found = false;
                for (const propertyNode of node.children) {
                    if (Array.isArray(propertyNode.children) && propertyNode.children[0].value === segment && propertyNode.children.length === 2) {
                        node = propertyNode.children[1];
                        found = true;
                        break;
                    }
                }
                if (!found) {
                    return undefined;
                }
            }
            else {
                const index = segment;
                if (node.type !== 'array' || index < 0 || !Array.isArray(node.children) || index >= node.children.length) {
                    return undefined;
                }
                node = node.children[index];
            }
        }
        return node;
    }
    exports.findNodeAtLocation = findNodeAtLocation;
    /**
     * Gets the JSON path of the given JSON DOM node
     */
    function getNodePath(node) {
        if (!node.parent || !node.parent.children) {
            return [];
        }
        const path = getNodePath(node.parent);
        if (node.parent.type === 'property') {
            const key = node.parent.children[0].value;
            path.push(key);
        }
        else if (node.parent.type === 'array') {
            const index = node.parent.children.indexOf(node);
            if (index !== -1) {
                path.push(index);
            }
        }
        return path;
    }
    exports.getNodePath = getNodePath;
    /**
     * Evaluates the JavaScript object of the given JSON DOM node
     */
    function getNodeValue(node) {
        switch (node.type) {
            case 'array':
                return node.children.map(getNodeValue);
            case 'object':
                const obj = Object.create(null);
                for (let prop of node.children) {
                    const valueNode = prop.children[1];
                    if (valueNode) {
                        obj[prop.children[0].value] = getNodeValue(valueNode);
                    }
                }
                return obj;
            case 'null':
            case 'string':
            case 'number':
            case 'boolean':
                return node.value;
            default:
                return undefined;
        }
    }
    exports.getNodeValue = getNodeValue;
    function contains(node, offset, includeRightBound = false) {
        return (offset >= node.offset && offset < (node.offset + node.length)) || includeRightBound && (offset === (node.offset + node.length));
    }
    exports.contains = contains;
    /**
     * Finds the most inner node at the given offset. If includeRightBound is set, also finds nodes that end at the given offset.
     */
    function findNodeAtOffset(node, offset, includeRightBound = false) {
        if (contains(node, offset, includeRightBound)) {
            const children = node.children;
            if (Array.isArray(children)) {
                for (let i = 0; i < children.length && children[i].offset <= offset; i++) {
                    const item = findNodeAtOffset(children[i], offset, includeRightBound);
                    if (item) {
                        return item;
                    }
                }
            }
            return node;
        }
        return undefined;
    }
    exports.findNodeAtOffset = findNodeAtOffset;
    /**
     * Parses the given text and invokes the visitor functions for each object, array and literal reached.
     */
    function visit(text, visitor, options = ParseOptions.DEFAULT) {
        const _scanner = (0, scanner_1.createScanner)(text, false);
        // Important: Only pass copies of this to visitor functions to prevent accidental modification, and
        // to not affect visitor functions which stored a reference to a previous JSONPath
        const _jsonPath = [];
        // Depth of onXXXBegin() callbacks suppressed. onXXXEnd() decrements this if it isn't 0 already.
        // Callbacks are only called when this value is 0.
        let suppressedCallbacks = 0;
        function toNoArgVisit(visitFunction) {
            return visitFunction ? () => suppressedCallbacks === 0 && visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter()) : () => true;
        }
        function toOneArgVisit(visitFunction) {
            return visitFunction ? (arg) => suppressedCallbacks === 0 && visitFunction(arg, _scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter()) : () => true;
        }
        function toOneArgVisitWithPath(visitFunction) {
            return visitFunction ? (arg) => suppressedCallbacks === 0 && visitFunction(arg, _scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter(), () => _jsonPath.slice()) : () => true;
        }
        function toBeginVisit(visitFunction) {
            return visitFunction ?
                () => {
                    if (suppressedCallbacks > 0) {
                        suppressedCallbacks++;
                    }
                    else {
                        let cbReturn = visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter(), () => _jsonPath.slice());
                        if (cbReturn === false) {
                            suppressedCallbacks = 1;
                        }
                    }
                }
                : () => true;
        }
        function toEndVisit(visitFunction) {
            return visitFunction ?
                () => {
                    if (suppressedCallbacks > 0) {
                        suppressedCallbacks--;
                    }
                    if (suppressedCallbacks === 0) {
                        visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter());
                    }
                }
                : () => true;
        }
        const onObjectBegin = toBeginVisit(visitor.onObjectBegin), onObjectProperty = toOneArgVisitWithPath(visitor.onObjectProperty), onObjectEnd = toEndVisit(visitor.onObjectEnd), onArrayBegin = toBeginVisit(visitor.onArrayBegin), onArrayEnd = toEndVisit(visitor.onArrayEnd), onLiteralValue = toOneArgVisitWithPath(visitor.onLiteralValue), onSeparator = toOneArgVisit(visitor.onSeparator), onComment = toNoArgVisit(visitor.onComment), onError = toOneArgVisit(visitor.onError);
        const disallowComments = options && options.disallowComments;
        const allowTrailingComma = options && options.allowTrailingComma;
        function scanNext() {
            while (true) {
                const token = _scanner.scan();
                switch (_scanner.getTokenError()) {
                    case 4 /* ScanError.InvalidUnicode */:
                        handleError(14 /* ParseErrorCode.InvalidUnicode */);
                        break;
                    case 5 /* ScanError.InvalidEscapeCharacter */:
                        handleError(15 /* ParseErrorCode.InvalidEscapeCharacter */);
                        break;
                    case 3 /* ScanError.UnexpectedEndOfNumber */:
                        handleError(13 /* ParseErrorCode.UnexpectedEndOfNumber */);
                        break;
                    case 1 /* ScanError.UnexpectedEndOfComment */:
                        if (!disallowComments) {
                            handleError(11 /* ParseErrorCode.UnexpectedEndOfComment */);
                        }
                        break;
                    case 2 /* ScanError.UnexpectedEndOfString */:
                        handleError(12 /* ParseErrorCode.UnexpectedEndOfString */);
                        break;
                    case 6 /* ScanError.InvalidCharacter */:
                        handleError(16 /* ParseErrorCode.InvalidCharacter */);
                        break;
                }
                switch (token) {
                    case 12 /* SyntaxKind.LineCommentTrivia */:
                    case 13 /* SyntaxKind.BlockCommentTrivia */:
                        if (disallowComments) {
                            handleError(10 /* ParseErrorCode.InvalidCommentToken */);
                        }
                        else {
                            onComment();
                        }
                        break;
                    case 16 /* SyntaxKind.Unknown */:
                        handleError(1 /* ParseErrorCode.InvalidSymbol */);
                        break;
                    case 15 /* SyntaxKind.Trivia */:
                    case 14 /* SyntaxKind.LineBreakTrivia */:
                        break;
                    default:
                        return token;
                }
            }
        }
        function handleError(error, skipUntilAfter = [], skipUntil = []) {
            onError(error);
            if (skipUntilAfter.length + skipUntil.length > 0) {
                let token = _scanner.getToken();
                while (token !== 17 /* SyntaxKind.EOF */) {
                    if (skipUntilAfter.indexOf(token) !== -1) {
                        scanNext();
                        break;
                    }
                    else if (skipUntil.indexOf(token) !== -1) {
                        break;
                    }
                    token = scanNext();
                }
            }
        }
        function parseString(isValue) {
            const value = _scanner.getTokenValue();
            if (isValue) {
                onLiteralValue(value);
            }
            else {
                onObjectProperty(value);
                // add property name afterwards
                _jsonPath.push(value);
            }
            scanNext();
            return true;
        }
        function parseLiteral() {
            switch (_scanner.getToken()) {
                case 11 /* SyntaxKind.NumericLiteral */:
                    const tokenValue = _scanner.getTokenValue();
                    let value = Number(tokenValue);
                    if (isNaN(value)) {
                        handleError(2 /* ParseErrorCode.InvalidNumberFormat */);
                        value = 0;
                    }
                    onLiteralValue(value);
                    break;
                case 7 /* SyntaxKind.NullKeyword */:
                    onLiteralValue(null);
                    break;
                case 8 /* SyntaxKind.TrueKeyword */:
                    onLiteralValue(true);
                    break;
                case 9 /* SyntaxKind.FalseKeyword */:
                    onLiteralValue(false);
                    break;
                default:
                    return false;
            }
            scanNext();
            return true;
        }
        function parseProperty() {
            if (_scanner.getToken() !== 10 /* SyntaxKind.StringLiteral */) {
                handleError(3 /* ParseErrorCode.PropertyNameExpected */, [], [2 /* SyntaxKind.CloseBraceToken */, 5 /* SyntaxKind.CommaToken */]);
                return false;
            }
            parseString(false);
            if (_scanner.getToken() === 6 /* SyntaxKind.ColonToken */) {
                onSeparator(':');
                scanNext(); // consume colon
                if (!parseValue()) {
                    handleError(4 /* ParseErrorCode.ValueExpected */, [], [2 /* SyntaxKind.CloseBraceToken */, 5 /* SyntaxKind.CommaToken */]);
                }
            }
            else {
                handleError(5 /* ParseErrorCode.ColonExpected */, [], [2 /* SyntaxKind.CloseBraceToken */, 5 /* SyntaxKind.CommaToken */]);
            }
            _jsonPath.pop(); // remove processed property name
            return true;
        }
        function parseObject() {
            onObjectBegin();
            scanNext(); // consume open brace
            let needsComma = false;
            while (_scanner.getToken() !== 2 /* SyntaxKind.CloseBraceToken */ && _scanner.getToken() !== 17 /* SyntaxKind.EOF */) {
                if (_scanner.getToken() === 5 /* SyntaxKind.CommaToken */) {
                    if (!needsComma) {
                        handleError(4 /* ParseErrorCode.ValueExpected */, [], []);
                    }
                    onSeparator(',');
                    scanNext(); // consume comma
                    if (_scanner.getToken() === 2 /* SyntaxKind.CloseBraceToken */ && allowTrailingComma) {
                        break;
                    }
                }
                else if (needsComma) {
                    handleError(6 /* ParseErrorCode.CommaExpected */, [], []);
                }
                if (!parseProperty()) {
                    handleError(4 /* ParseErrorCode.ValueExpected */, [], [2 /* SyntaxKind.CloseBraceToken */, 5 /* SyntaxKind.CommaToken */]);
                }
                needsComma = true;
            }
            onObjectEnd();
            if (_scanner.getToken() !== 2 /* SyntaxKind.CloseBraceToken */) {
                handleError(7 /* ParseErrorCode.CloseBraceExpected */, [2 /* SyntaxKind.CloseBraceToken */], []);
            }
            else {
                scanNext(); // consume close brace
            }
            return true;
        }
        function parseArray() {
            onArrayBegin();
            scanNext(); // consume open bracket
            let isFirstElement = true;
            let needsComma = false;
            while (_scanner.getToken() !== 4 /* SyntaxKind.CloseBracketToken */ && _scanner.getToken() !== 17 /* SyntaxKind.EOF */) {
                if (_scanner.getToken() === 5 /* SyntaxKind.CommaToken */) {
                    if (!needsComma) {
                        handleError(4 /* ParseErrorCode.ValueExpected */, [], []);
                    }
                    onSeparator(',');
                    scanNext(); // consume comma
                    if (_scanner.getToken() === 4 /* SyntaxKind.CloseBracketToken */ && allowTrailingComma) {
                        break;
                    }
                }
                else if (needsComma) {
                    handleError(6 /* ParseErrorCode.CommaExpected */, [], []);
                }
                if (isFirstElement) {
                    _jsonPath.push(0);
                    isFirstElement = false;
                }
                else {
                    _jsonPath[_jsonPath.length - 1]++;
                }
                if (!parseValue()) {
                    handleError(4 /* ParseErrorCode.ValueExpected */, [], [4 /* SyntaxKind.CloseBracketToken */, 5 /* SyntaxKind.CommaToken */]);
                }
                needsComma = true;
            }
            onArrayEnd();
            if (!isFirstElement) {
                _jsonPath.pop(); // remove array index
            }
            if (_scanner.getToken() !== 4 /* SyntaxKind.CloseBracketToken */) {
                handleError(8 /* ParseErrorCode.CloseBracketExpected */, [4 /* SyntaxKind.CloseBracketToken */], []);
            }
            else {
                scanNext(); // consume close bracket
            }
            return true;
        }
        function parseValue() {
            switch (_scanner.getToken()) {
                case 3 /* SyntaxKind.OpenBracketToken */:
                    return parseArray();
                case 1 /* SyntaxKind.OpenBraceToken */:
                    return parseObject();
                case 10 /* SyntaxKind.StringLiteral */:
                    return parseString(true);
                default:
                    return parseLiteral();
            }
        }
        scanNext();
        if (_scanner.getToken() === 17 /* SyntaxKind.EOF */) {
            if (options.allowEmptyContent) {
                return true;
            }
            handleError(4 /* ParseErrorCode.ValueExpected */, [], []);
            return false;
        }
        if (!parseValue()) {
            handleError(4 /* ParseErrorCode.ValueExpected */, [], []);
            return false;
        }
        if (_scanner.getToken() !== 17 /* SyntaxKind.EOF */) {
            handleError(9 /* ParseErrorCode.EndOfFileExpected */, [], []);
        }
        return true;
    }
    exports.visit = visit;
    /**
     * Takes JSON with JavaScript-style comments and remove
     * them. Optionally replaces every none-newline character
     * of comments with a replaceCharacter
     */
    function stripComments(text, replaceCh) {
        let _scanner = (0, scanner_1.createScanner)(text), parts = [], kind, offset = 0, pos;
        do {
            pos = _scanner.getPosition();
            kind = _scanner.scan();
            switch (kind) {
                case 12 /* SyntaxKind.LineCommentTrivia */:
                case 13 /* SyntaxKind.BlockCommentTrivia */:
                case 17 /* SyntaxKind.EOF */:
                    if (offset !== pos) {
                        parts.push(text.substring(offset, pos));
                    }
                    if (replaceCh !== undefined) {
                        parts.push(_scanner.getTokenValue().replace(/[^\r\n]/g, replaceCh));
                    }
                    offset = _scanner.getPosition();
                    break;
            }
        } while (kind !== 17 /* SyntaxKind.EOF */);
        return parts.join('');
    }
    exports.stripComments = stripComments;
    function getNodeType(value) {
        switch (typeof value) {
            case 'boolean': return 'boolean';
            case 'number': return 'number';
            case 'string': return 'string';
            case 'object': {
                if (!value) {
                    return 'null';
                }
                else if (Array.isArray(value)) {
                    return 'array';
                }
                return 'object';
            }
            default: return 'null';
        }
    }
    exports.getNodeType = getNodeType;
});


/***/ }),

/***/ 525:
/***/ ((module, exports) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.createScanner = void 0;
    /**
     * Creates a JSON scanner on the given text.
     * If ignoreTrivia is set, whitespaces or comments are ignored.
     */
    function createScanner(text, ignoreTrivia = false) {
        const len = text.length;
        let pos = 0, value = '', tokenOffset = 0, token = 16 /* SyntaxKind.Unknown */, lineNumber = 0, lineStartOffset = 0, tokenLineStartOffset = 0, prevTokenLineStartOffset = 0, scanError = 0 /* ScanError.None */;
        function scanHexDigits(count, exact) {
            let digits = 0;
            let value = 0;
            while (digits < count || !exact) {
                let ch = text.charCodeAt(pos);
                if (ch >= 48 /* CharacterCodes._0 */ && ch <= 57 /* CharacterCodes._9 */) {
                    value = value * 16 + ch - 48 /* CharacterCodes._0 */;
                }
                else if (ch >= 65 /* CharacterCodes.A */ && ch <= 70 /* CharacterCodes.F */) {
                    value = value * 16 + ch - 65 /* CharacterCodes.A */ + 10;
                }
                else if (ch >= 97 /* CharacterCodes.a */ && ch <= 102 /* CharacterCodes.f */) {
                    value = value * 16 + ch - 97 /* CharacterCodes.a */ + 10;
                }
                else {
                    break;
                }
                pos++;
                digits++;
            }
            if (digits < count) {
                value = -1;
            }
            return value;
        }
        function setPosition(newPosition) {
            pos = newPosition;
            value = '';
            tokenOffset = 0;
            token = 16 /* SyntaxKind.Unknown */;
            scanError = 0 /* ScanError.None */;
        }
        function scanNumber() {
            let start = pos;
            if (text.charCodeAt(pos) === 48 /* CharacterCodes._0 */) {
                pos++;
            }
            else {
                pos++;
                while (pos < text.length && isDigit(text.charCodeAt(pos))) {
                    pos++;
                }
            }
            if (pos < text.length && text.charCodeAt(pos) === 46 /* CharacterCodes.dot */) {
                pos++;
                if (pos < text.length && isDigit(text.charCodeAt(pos))) {
                    pos++;
                    while (pos < text.length && isDigit(text.charCodeAt(pos))) {
                        pos++;
                    }
                }
                else {
                    scanError = 3 /* ScanError.UnexpectedEndOfNumber */;
                    return text.substring(start, pos);
                }
            }
            let end = pos;
            if (pos < text.length && (text.charCodeAt(pos) === 69 /* CharacterCodes.E */ || text.charCodeAt(pos) === 101 /* CharacterCodes.e */)) {
                pos++;
                if (pos < text.length && text.charCodeAt(pos) === 43 /* CharacterCodes.plus */ || text.charCodeAt(pos) === 45 /* CharacterCodes.minus */) {
                    pos++;
                }
                if (pos < text.length && isDigit(text.charCodeAt(pos))) {
                    pos++;
                    while (pos < text.length && isDigit(text.charCodeAt(pos))) {
                        pos++;
                    }
                    end = pos;
                }
                else {
                    scanError = 3 /* ScanError.UnexpectedEndOfNumber */;
                }
            }
            return text.substring(start, end);
        }
        function scanString() {
            let result = '', start = pos;
            while (true) {
                if (pos >= len) {
                    result += text.substring(start, pos);
                    scanError = 2 /* ScanError.UnexpectedEndOfString */;
                    break;
                }
                const ch = text.charCodeAt(pos);
                if (ch === 34 /* CharacterCodes.doubleQuote */) {
                    result += text.substring(start, pos);
                    pos++;
                    break;
                }
                if (ch === 92 /* CharacterCodes.backslash */) {
                    result += text.substring(start, pos);
                    pos++;
                    if (pos >= len) {
                        scanError = 2 /* ScanError.UnexpectedEndOfString */;
                        break;
                    }
                    const ch2 = text.charCodeAt(pos++);
                    switch (ch2) {
                        case 34 /* CharacterCodes.doubleQuote */:
                            result += '\"';
                            break;
                        case 92 /* CharacterCodes.backslash */:
                            result += '\\';
                            break;
                        case 47 /* CharacterCodes.slash */:
                            result += '/';
                            break;
                        case 98 /* CharacterCodes.b */:
                            result += '\b';
                            break;
                        case 102 /* CharacterCodes.f */:
                            result += '\f';
                            break;
                        case 110 /* CharacterCodes.n */:
                            result += '\n';
                            break;
                        case 114 /* CharacterCodes.r */:
                            result += '\r';
                            break;
                        case 116 /* CharacterCodes.t */:
                            result += '\t';
                            break;
                        case 117 /* CharacterCodes.u */:
                            const ch3 = scanHexDigits(4, true);
                            if (ch3 >= 0) {
                                result += String.fromCharCode(ch3);
                            }
                            else {
                                scanError = 4 /* ScanError.InvalidUnicode */;
                            }
                            break;
                        default:
                            scanError = 5 /* ScanError.InvalidEscapeCharacter */;
                    }
                    start = pos;
                    continue;
                }
                if (ch >= 0 && ch <= 0x1f) {
                    if (isLineBreak(ch)) {
                        result += text.substring(start, pos);
                        scanError = 2 /* ScanError.UnexpectedEndOfString */;
                        break;
                    }
                    else {
                        scanError = 6 /* ScanError.InvalidCharacter */;
                        // mark as error but continue with string
                    }
                }
                pos++;
            }
            return result;
        }
        function scanNext() {
            value = '';
            scanError = 0 /* ScanError.None */;
            tokenOffset = pos;
            lineStartOffset = lineNumber;
            prevTokenLineStartOffset = tokenLineStartOffset;
            if (pos >= len) {
                // at the end
                tokenOffset = len;
                return token = 17 /* SyntaxKind.EOF */;
            }
            let code = text.charCodeAt(pos);
            // trivia: whitespace
            if (isWhiteSpace(code)) {
                do {
                    pos++;
                    value += String.fromCharCode(code);
                    code = text.charCodeAt(pos);
                } while (isWhiteSpace(code));
                return token = 15 /* SyntaxKind.Trivia */;
            }
            // trivia: newlines
            if (isLineBreak(code)) {
                pos++;
                value += String.fromCharCode(code);
                if (code === 13 /* CharacterCodes.carriageReturn */ && text.charCodeAt(pos) === 10 /* CharacterCodes.lineFeed */) {
                    pos++;
                    value += '\n';
                }
                lineNumber++;
                tokenLineStartOffset = pos;
                return token = 14 /* SyntaxKind.LineBreakTrivia */;
            }
            switch (code) {
                // tokens: []{}:,
                case 123 /* CharacterCodes.openBrace */:
                    pos++;
                    return token = 1 /* SyntaxKind.OpenBraceToken */;
                case 125 /* CharacterCodes.closeBrace */:
                    pos++;
                    return token = 2 /* SyntaxKind.CloseBraceToken */;
                case 91 /* CharacterCodes.openBracket */:
                    pos++;
                    return token = 3 /* SyntaxKind.OpenBracketToken */;
                case 93 /* CharacterCodes.closeBracket */:
                    pos++;
                    return token = 4 /* SyntaxKind.CloseBracketToken */;
                case 58 /* CharacterCodes.colon */:
                    pos++;
                    return token = 6 /* SyntaxKind.ColonToken */;
                case 44 /* CharacterCodes.comma */:
                    pos++;
                    return token = 5 /* SyntaxKind.CommaToken */;
                // strings
                case 34 /* CharacterCodes.doubleQuote */:
                    pos++;
                    value = scanString();
                    return token = 10 /* SyntaxKind.StringLiteral */;
                // comments
                case 47 /* CharacterCodes.slash */:
                    const start = pos - 1;
                    // Single-line comment
                    if (text.charCodeAt(pos + 1) === 47 /* CharacterCodes.slash */) {
                        pos += 2;
                        while (pos < len) {
                            if (isLineBreak(text.charCodeAt(pos))) {
                                break;
                            }
                            pos++;
                        }
                        value = text.substring(start, pos);
                        return token = 12 /* SyntaxKind.LineCommentTrivia */;
                    }
                    // Multi-line comment
                    if (text.charCodeAt(pos + 1) === 42 /* CharacterCodes.asterisk */) {
                        pos += 2;
                        const safeLength = len - 1; // For lookahead.
                        let commentClosed = false;
                        while (pos < safeLength) {
                            const ch = text.charCodeAt(pos);
                            if (ch === 42 /* CharacterCodes.asterisk */ && text.charCodeAt(pos + 1) === 47 /* CharacterCodes.slash */) {
                                pos += 2;
                                commentClosed = true;
                                break;
                            }
                            pos++;
                            if (isLineBreak(ch)) {
                                if (ch === 13 /* CharacterCodes.carriageReturn */ && text.charCodeAt(pos) === 10 /* CharacterCodes.lineFeed */) {
                                    pos++;
                                }
                                lineNumber++;
                                tokenLineStartOffset = pos;
                            }
                        }
                        if (!commentClosed) {
                            pos++;
                            scanError = 1 /* ScanError.UnexpectedEndOfComment */;
                        }
                        value = text.substring(start, pos);
                        return token = 13 /* SyntaxKind.BlockCommentTrivia */;
                    }
                    // just a single slash
                    value += String.fromCharCode(code);
                    pos++;
                    return token = 16 /* SyntaxKind.Unknown */;
                // numbers
                case 45 /* CharacterCodes.minus */:
                    value += String.fromCharCode(code);
                    pos++;
                    if (pos === len || !isDigit(text.charCodeAt(pos))) {
                        return token = 16 /* SyntaxKind.Unknown */;
                    }
                // found a minus, followed by a number so
                // we fall through to proceed with scanning
                // numbers
                case 48 /* CharacterCodes._0 */:
                case 49 /* CharacterCodes._1 */:
                case 50 /* CharacterCodes._2 */:
                case 51 /* CharacterCodes._3 */:
                case 52 /* CharacterCodes._4 */:
                case 53 /* CharacterCodes._5 */:
                case 54 /* CharacterCodes._6 */:
                case 55 /* CharacterCodes._7 */:
                case 56 /* CharacterCodes._8 */:
                case 57 /* CharacterCodes._9 */:
                    value += scanNumber();
                    return token = 11 /* SyntaxKind.NumericLiteral */;
                // literals and unknown symbols
                default:
                    // is a literal? Read the full word.
                    while (pos < len && isUnknownContentCharacter(code)) {
                        pos++;
                        code = text.charCodeAt(pos);
                    }
                    if (tokenOffset !== pos) {
                        value = text.substring(tokenOffset, pos);
                        // keywords: true, false, null
                        switch (value) {
                            case 'true': return token = 8 /* SyntaxKind.TrueKeyword */;
                            case 'false': return token = 9 /* SyntaxKind.FalseKeyword */;
                            case 'null': return token = 7 /* SyntaxKind.NullKeyword */;
                        }
                        return token = 16 /* SyntaxKind.Unknown */;
                    }
                    // some
                    value += String.fromCharCode(code);
                    pos++;
                    return token = 16 /* SyntaxKind.Unknown */;
            }
        }
        function isUnknownContentCharacter(code) {
            if (isWhiteSpace(code) || isLineBreak(code)) {
                return false;
            }
            switch (code) {
                case 125 /* CharacterCodes.closeBrace */:
                case 93 /* CharacterCodes.closeBracket */:
                case 123 /* CharacterCodes.openBrace */:
                case 91 /* CharacterCodes.openBracket */:
                case 34 /* CharacterCodes.doubleQuote */:
                case 58 /* CharacterCodes.colon */:
                case 44 /* CharacterCodes.comma */:
                case 47 /* CharacterCodes.slash */:
                    return false;
            }
            return true;
        }
        function scanNextNonTrivia() {
            let result;
            do {
                result = scanNext();
            } while (result >= 12 /* SyntaxKind.LineCommentTrivia */ && result <= 15 /* SyntaxKind.Trivia */);
            return result;
        }
        return {
            setPosition: setPosition,
            getPosition: () => pos,
            scan: ignoreTrivia ? scanNextNonTrivia : scanNext,
            getToken: () => token,
            getTokenValue: () => value,
            getTokenOffset: () => tokenOffset,
            getTokenLength: () => pos - tokenOffset,
            getTokenStartLine: () => lineStartOffset,
            getTokenStartCharacter: () => tokenOffset - prevTokenLineStartOffset,
            getTokenError: () => scanError,
        };
    }
    exports.createScanner = createScanner;
    function isWhiteSpace(ch) {
        return ch === 32 /* CharacterCodes.space */ || ch === 9 /* CharacterCodes.tab */;
    }
    function isLineBreak(ch) {
        return ch === 10 /* CharacterCodes.lineFeed */ || ch === 13 /* CharacterCodes.carriageReturn */;
    }
    function isDigit(ch) {
        return ch >= 48 /* CharacterCodes._0 */ && ch <= 57 /* CharacterCodes._9 */;
    }
    var CharacterCodes;
    (function (CharacterCodes) {
        CharacterCodes[CharacterCodes["lineFeed"] = 10] = "lineFeed";
        CharacterCodes[CharacterCodes["carriageReturn"] = 13] = "carriageReturn";
        CharacterCodes[CharacterCodes["space"] = 32] = "space";
        CharacterCodes[CharacterCodes["_0"] = 48] = "_0";
        CharacterCodes[CharacterCodes["_1"] = 49] = "_1";
        CharacterCodes[CharacterCodes["_2"] = 50] = "_2";
        CharacterCodes[CharacterCodes["_3"] = 51] = "_3";
        CharacterCodes[CharacterCodes["_4"] = 52] = "_4";
        CharacterCodes[CharacterCodes["_5"] = 53] = "_5";
        CharacterCodes[CharacterCodes["_6"] = 54] = "_6";
        CharacterCodes[CharacterCodes["_7"] = 55] = "_7";
        CharacterCodes[CharacterCodes["_8"] = 56] = "_8";
        CharacterCodes[CharacterCodes["_9"] = 57] = "_9";
        CharacterCodes[CharacterCodes["a"] = 97] = "a";
        CharacterCodes[CharacterCodes["b"] = 98] = "b";
        CharacterCodes[CharacterCodes["c"] = 99] = "c";
        CharacterCodes[CharacterCodes["d"] = 100] = "d";
        CharacterCodes[CharacterCodes["e"] = 101] = "e";
        CharacterCodes[CharacterCodes["f"] = 102] = "f";
        CharacterCodes[CharacterCodes["g"] = 103] = "g";
        CharacterCodes[CharacterCodes["h"] = 104] = "h";
        CharacterCodes[CharacterCodes["i"] = 105] = "i";
        CharacterCodes[CharacterCodes["j"] = 106] = "j";
        CharacterCodes[CharacterCodes["k"] = 107] = "k";
        CharacterCodes[CharacterCodes["l"] = 108] = "l";
        CharacterCodes[CharacterCodes["m"] = 109] = "m";
        CharacterCodes[CharacterCodes["n"] = 110] = "n";
        CharacterCodes[CharacterCodes["o"] = 111] = "o";
        CharacterCodes[CharacterCodes["p"] = 112] = "p";
        CharacterCodes[CharacterCodes["q"] = 113] = "q";
        CharacterCodes[CharacterCodes["r"] = 114] = "r";
        CharacterCodes[CharacterCodes["s"] = 115] = "s";
        CharacterCodes[CharacterCodes["t"] = 116] = "t";
        CharacterCodes[CharacterCodes["u"] = 117] = "u";
        CharacterCodes[CharacterCodes["v"] = 118] = "v";
        CharacterCodes[CharacterCodes["w"] = 119] = "w";
        CharacterCodes[CharacterCodes["x"] = 120] = "x";
        CharacterCodes[CharacterCodes["y"] = 121] = "y";
        CharacterCodes[CharacterCodes["z"] = 122] = "z";
        CharacterCodes[CharacterCodes["A"] = 65] = "A";
        CharacterCodes[CharacterCodes["B"] = 66] = "B";
        CharacterCodes[CharacterCodes["C"] = 67] = "C";
        CharacterCodes[CharacterCodes["D"] = 68] = "D";
        CharacterCodes[CharacterCodes["E"] = 69] = "E";
        CharacterCodes[CharacterCodes["F"] = 70] = "F";
        CharacterCodes[CharacterCodes["G"] = 71] = "G";
        CharacterCodes[CharacterCodes["H"] = 72] = "H";
        CharacterCodes[CharacterCodes["I"] = 73] = "I";
        CharacterCodes[CharacterCodes["J"] = 74] = "J";
        CharacterCodes[CharacterCodes["K"] = 75] = "K";
        CharacterCodes[CharacterCodes["L"] = 76] = "L";
        CharacterCodes[CharacterCodes["M"] = 77] = "M";
        CharacterCodes[CharacterCodes["N"] = 78] = "N";
        CharacterCodes[CharacterCodes["O"] = 79] = "O";
        CharacterCodes[CharacterCodes["P"] = 80] = "P";
        CharacterCodes[CharacterCodes["Q"] = 81] = "Q";
        CharacterCodes[CharacterCodes["R"] = 82] = "R";
        CharacterCodes[CharacterCodes["S"] = 83] = "S";
        CharacterCodes[CharacterCodes["T"] = 84] = "T";
        CharacterCodes[CharacterCodes["U"] = 85] = "U";
        CharacterCodes[CharacterCodes["V"] = 86] = "V";
        CharacterCodes[CharacterCodes["W"] = 87] = "W";
        CharacterCodes[CharacterCodes["X"] = 88] = "X";
        CharacterCodes[CharacterCodes["Y"] = 89] = "Y";
        CharacterCodes[CharacterCodes["Z"] = 90] = "Z";
        CharacterCodes[CharacterCodes["asterisk"] = 42] = "asterisk";
        CharacterCodes[CharacterCodes["backslash"] = 92] = "backslash";
        CharacterCodes[CharacterCodes["closeBrace"] = 125] = "closeBrace";
        CharacterCodes[CharacterCodes["closeBracket"] = 93] = "closeBracket";
        CharacterCodes[CharacterCodes["colon"] = 58] = "colon";
        CharacterCodes[CharacterCodes["comma"] = 44] = "comma";
        CharacterCodes[CharacterCodes["dot"] = 46] = "dot";
        CharacterCodes[CharacterCodes["doubleQuote"] = 34] = "doubleQuote";
        CharacterCodes[CharacterCodes["minus"] = 45] = "minus";
        CharacterCodes[CharacterCodes["openBrace"] = 123] = "openBrace";
        CharacterCodes[CharacterCodes["openBracket"] = 91] = "openBracket";
        CharacterCodes[CharacterCodes["plus"] = 43] = "plus";
        CharacterCodes[CharacterCodes["slash"] = 47] = "slash";
        CharacterCodes[CharacterCodes["formFeed"] = 12] = "formFeed";
        CharacterCodes[CharacterCodes["tab"] = 9] = "tab";
    })(CharacterCodes || (CharacterCodes = {}));
});


/***/ }),

/***/ 579:
/***/ ((module, exports) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports"], factory);
    }
})(function () {
    "use strict";
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.supportedEols = exports.cachedBreakLinesWithSpaces = exports.cachedSpaces = void 0;
    exports.cachedSpaces = new Array(20).fill(0).map((_, index) => {
        return ' '.repeat(index);
    });
    const maxCachedValues = 200;
    exports.cachedBreakLinesWithSpaces = {
        ' ': {
            '\n': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\n' + ' '.repeat(index);
            }),
            '\r': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\r' + ' '.repeat(index);
            }),
            '\r\n': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\r\n' + ' '.repeat(index);
            }),
        },
        '\t': {
            '\n': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\n' + '\t'.repeat(index);
            }),
            '\r': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\r' + '\t'.repeat(index);
            }),
            '\r\n': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\r\n' + '\t'.repeat(index);
            }),
        }
    };
    exports.supportedEols = ['\n', '\r', '\r\n'];
});


/***/ }),

/***/ 547:
/***/ ((module, exports, __nccwpck_require__) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./impl/format", "./impl/edit", "./impl/scanner", "./impl/parser"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.applyEdits = exports.modify = exports.format = exports.printParseErrorCode = exports.ParseErrorCode = exports.stripComments = exports.visit = exports.getNodeValue = exports.getNodePath = exports.findNodeAtOffset = exports.findNodeAtLocation = exports.parseTree = exports.parse = exports.getLocation = exports.SyntaxKind = exports.ScanError = exports.createScanner = void 0;
    const formatter = __nccwpck_require__(612);
    const edit = __nccwpck_require__(807);
    const scanner = __nccwpck_require__(525);
    const parser = __nccwpck_require__(152);
    /**
     * Creates a JSON scanner on the given text.
     * If ignoreTrivia is set, whitespaces or comments are ignored.
     */
    exports.createScanner = scanner.createScanner;
    var ScanError;
    (function (ScanError) {
        ScanError[ScanError["None"] = 0] = "None";
        ScanError[ScanError["UnexpectedEndOfComment"] = 1] = "UnexpectedEndOfComment";
        ScanError[ScanError["UnexpectedEndOfString"] = 2] = "UnexpectedEndOfString";
        ScanError[ScanError["UnexpectedEndOfNumber"] = 3] = "UnexpectedEndOfNumber";
        ScanError[ScanError["InvalidUnicode"] = 4] = "InvalidUnicode";
        ScanError[ScanError["InvalidEscapeCharacter"] = 5] = "InvalidEscapeCharacter";
        ScanError[ScanError["InvalidCharacter"] = 6] = "InvalidCharacter";
    })(ScanError || (exports.ScanError = ScanError = {}));
    var SyntaxKind;
    (function (SyntaxKind) {
        SyntaxKind[SyntaxKind["OpenBraceToken"] = 1] = "OpenBraceToken";
        SyntaxKind[SyntaxKind["CloseBraceToken"] = 2] = "CloseBraceToken";
        SyntaxKind[SyntaxKind["OpenBracketToken"] = 3] = "OpenBracketToken";
        SyntaxKind[SyntaxKind["CloseBracketToken"] = 4] = "CloseBracketToken";
        SyntaxKind[SyntaxKind["CommaToken"] = 5] = "CommaToken";
        SyntaxKind[SyntaxKind["ColonToken"] = 6] = "ColonToken";
        SyntaxKind[SyntaxKind["NullKeyword"] = 7] = "NullKeyword";
        SyntaxKind[SyntaxKind["TrueKeyword"] = 8] = "TrueKeyword";
        SyntaxKind[SyntaxKind["FalseKeyword"] = 9] = "FalseKeyword";
        SyntaxKind[SyntaxKind["StringLiteral"] = 10] = "StringLiteral";
        SyntaxKind[SyntaxKind["NumericLiteral"] = 11] = "NumericLiteral";
        SyntaxKind[SyntaxKind["LineCommentTrivia"] = 12] = "LineCommentTrivia";
        SyntaxKind[SyntaxKind["BlockCommentTrivia"] = 13] = "BlockCommentTrivia";
        SyntaxKind[SyntaxKind["LineBreakTrivia"] = 14] = "LineBreakTrivia";
        SyntaxKind[SyntaxKind["Trivia"] = 15] = "Trivia";
        SyntaxKind[SyntaxKind["Unknown"] = 16] = "Unknown";
        SyntaxKind[SyntaxKind["EOF"] = 17] = "EOF";
    })(SyntaxKind || (exports.SyntaxKind = SyntaxKind = {}));
    /**
     * For a given offset, evaluate the location in the JSON document. Each segment in the location path is either a property name or an array index.
     */
    exports.getLocation = parser.getLocation;
    /**
     * Parses the given text and returns the object the JSON content represents. On invalid input, the parser tries to be as fault tolerant as possible, but still return a result.
     * Therefore, always check the errors list to find out if the input was valid.
     */
    exports.parse = parser.parse;
    /**
     * Parses the given text and returns a tree representation the JSON content. On invalid input, the parser tries to be as fault tolerant as possible, but still return a result.
     */
    exports.parseTree = parser.parseTree;
    /**
     * Finds the node at the given path in a JSON DOM.
     */
    exports.findNodeAtLocation = parser.findNodeAtLocation;
    /**
     * Finds the innermost node at the given offset. If includeRightBound is set, also finds nodes that end at the given offset.
     */
    exports.findNodeAtOffset = parser.findNodeAtOffset;
    /**
     * Gets the JSON path of the given JSON DOM node
     */
    exports.getNodePath = parser.getNodePath;
    /**
     * Evaluates the JavaScript object of the given JSON DOM node
     */
    exports.getNodeValue = parser.getNodeValue;
    /**
     * Parses the given text and invokes the visitor functions for each object, array and literal reached.
     */
    exports.visit = parser.visit;
    /**
     * Takes JSON with JavaScript-style comments and remove
     * them. Optionally replaces every none-newline character
     * of comments with a replaceCharacter
     */
    exports.stripComments = parser.stripComments;
    var ParseErrorCode;
    (function (ParseErrorCode) {
        ParseErrorCode[ParseErrorCode["InvalidSymbol"] = 1] = "InvalidSymbol";
        ParseErrorCode[ParseErrorCode["InvalidNumberFormat"] = 2] = "InvalidNumberFormat";
        ParseErrorCode[ParseErrorCode["PropertyNameExpected"] = 3] = "PropertyNameExpected";
        ParseErrorCode[ParseErrorCode["ValueExpected"] = 4] = "ValueExpected";
        ParseErrorCode[ParseErrorCode["ColonExpected"] = 5] = "ColonExpected";
        ParseErrorCode[ParseErrorCode["CommaExpected"] = 6] = "CommaExpected";
        ParseErrorCode[ParseErrorCode["CloseBraceExpected"] = 7] = "CloseBraceExpected";
        ParseErrorCode[ParseErrorCode["CloseBracketExpected"] = 8] = "CloseBracketExpected";
        ParseErrorCode[ParseErrorCode["EndOfFileExpected"] = 9] = "EndOfFileExpected";
        ParseErrorCode[ParseErrorCode["InvalidCommentToken"] = 10] = "InvalidCommentToken";
        ParseErrorCode[ParseErrorCode["UnexpectedEndOfComment"] = 11] = "UnexpectedEndOfComment";
        ParseErrorCode[ParseErrorCode["UnexpectedEndOfString"] = 12] = "UnexpectedEndOfString";
        ParseErrorCode[ParseErrorCode["UnexpectedEndOfNumber"] = 13] = "UnexpectedEndOfNumber";
        ParseErrorCode[ParseErrorCode["InvalidUnicode"] = 14] = "InvalidUnicode";
        ParseErrorCode[ParseErrorCode["InvalidEscapeCharacter"] = 15] = "InvalidEscapeCharacter";
        ParseErrorCode[ParseErrorCode["InvalidCharacter"] = 16] = "InvalidCharacter";
    })(ParseErrorCode || (exports.ParseErrorCode = ParseErrorCode = {}));
    function printParseErrorCode(code) {
        switch (code) {
            case 1 /* ParseErrorCode.InvalidSymbol */: return 'InvalidSymbol';
            case 2 /* ParseErrorCode.InvalidNumberFormat */: return 'InvalidNumberFormat';
            case 3 /* ParseErrorCode.PropertyNameExpected */: return 'PropertyNameExpected';
            case 4 /* ParseErrorCode.ValueExpected */: return 'ValueExpected';
            case 5 /* ParseErrorCode.ColonExpected */: return 'ColonExpected';
            case 6 /* ParseErrorCode.CommaExpected */: return 'CommaExpected';
            case 7 /* ParseErrorCode.CloseBraceExpected */: return 'CloseBraceExpected';
            case 8 /* ParseErrorCode.CloseBracketExpected */: return 'CloseBracketExpected';
            case 9 /* ParseErrorCode.EndOfFileExpected */: return 'EndOfFileExpected';
            case 10 /* ParseErrorCode.InvalidCommentToken */: return 'InvalidCommentToken';
            case 11 /* ParseErrorCode.UnexpectedEndOfComment */: return 'UnexpectedEndOfComment';
            case 12 /* ParseErrorCode.UnexpectedEndOfString */: return 'UnexpectedEndOfString';
            case 13 /* ParseErrorCode.UnexpectedEndOfNumber */: return 'UnexpectedEndOfNumber';
            case 14 /* ParseErrorCode.InvalidUnicode */: return 'InvalidUnicode';
            case 15 /* ParseErrorCode.InvalidEscapeCharacter */: return 'InvalidEscapeCharacter';
            case 16 /* ParseErrorCode.InvalidCharacter */: return 'InvalidCharacter';
        }
        return '<unknown ParseErrorCode>';
    }
    exports.printParseErrorCode = printParseErrorCode;
    /**
     * Computes the edit operations needed to format a JSON document.
     *
     * @param documentText The input text
     * @param range The range to format or `undefined` to format the full content
     * @param options The formatting options
     * @returns The edit operations describing the formatting changes to the original document following the format described in {@linkcode EditResult}.
     * To apply the edit operations to the input, use {@linkcode applyEdits}.
     */
    function format(documentText, range, options) {
        return formatter.format(documentText, range, options);
    }
    exports.format = format;
    /**
     * Computes the edit operations needed to modify a value in the JSON document.
     *
     * @param documentText The input text
     * @param path The path of the value to change. The path represents either to the document root, a property or an array item.
     * If the path points to an non-existing property or item, it will be created.
     * @param value The new value for the specified property or item. If the value is undefined,
     * the property or item will be removed.
     * @param options Options
     * @returns The edit operations describing the changes to the original document, following the format described in {@linkcode EditResult}.
     * To apply the edit operations to the input, use {@linkcode applyEdits}.
     */
    function modify(text, path, value, options) {
        return edit.setProperty(text, path, value, options);
    }
    exports.modify = modify;
    /**
     * Applies edits to an input string.
     * @param text The input text
     * @param edits Edit operations following the format described in {@linkcode EditResult}.
     * @returns The text with the applied edits.
     * @throws An error if the edit operations are not well-formed as described in {@linkcode EditResult}.
     */
    function applyEdits(text, edits) {
        let sortedEdits = edits.slice(0).sort((a, b) => {
            const diff = a.offset - b.offset;
            if (diff === 0) {
                return a.length - b.length;
            }
            return diff;
        });
        let lastModifiedOffset = text.length;
        for (let i = sortedEdits.length - 1; i >= 0; i--) {
            let e = sortedEdits[i];
            if (e.offset + e.length <= lastModifiedOffset) {
                text = edit.applyEdit(text, e);
            }
            else {
                throw new Error('Overlapping edit');
            }
            lastModifiedOffset = e.offset;
        }
        return text;
    }
    exports.applyEdits = applyEdits;
});


/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
var external_node_fs_default = /*#__PURE__*/__nccwpck_require__.n(external_node_fs_namespaceObject);
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_namespaceObject);
;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: ./src/io/write.ts


/** A report write refused because its destination is not what it looks like. */
class WriteRefused extends Error {
}
/** Whether `p` lies lexically inside `root` (before symlinks are considered). */
function lexicallyInside(p, root) {
    const rel = external_node_path_default().relative(external_node_path_default().resolve(root), external_node_path_default().resolve(p));
    return rel === '' || (!rel.startsWith('..') && !external_node_path_default().isAbsolute(rel));
}
/**
 * Writes a report atomically (temp file + rename), so an interrupted run never leaves a
 * truncated file, and refuses to replace anything that is not a regular file. With `confineTo`,
 * the report's directory must really lie inside that root: a symlinked `.aris` (or any symlinked
 * parent) pointing elsewhere is refused before anything is created.
 */
function writeReportFile(file, content, confineTo) {
    const abs = external_node_path_default().resolve(file);
    if (confineTo !== undefined)
        assertInside(external_node_path_default().dirname(abs), confineTo);
    let existing;
    try {
        existing = external_node_fs_default().lstatSync(abs);
    }
    catch {
        // does not exist yet
    }
    if (existing && !existing.isFile()) {
        throw new WriteRefused(`${file} exists and is not a regular file; refusing to replace it`);
    }
    external_node_fs_default().mkdirSync(external_node_path_default().dirname(abs), { recursive: true });
    if (confineTo !== undefined)
        assertInside(external_node_path_default().dirname(abs), confineTo);
    const tmp = `${abs}.tmp-${process.pid}-${Date.now()}`;
    try {
        external_node_fs_default().writeFileSync(tmp, content, { encoding: 'utf8', flag: 'wx' });
        external_node_fs_default().renameSync(tmp, abs);
    }
    catch (err) {
        external_node_fs_default().rmSync(tmp, { force: true });
        throw err;
    }
}
/** The nearest existing ancestor of `dir` (itself included) must resolve inside `root`. */
function assertInside(dir, root) {
    const realRoot = external_node_fs_default().realpathSync(root);
    let probe = dir;
    for (;;) {
        let exists = true;
        try {
            external_node_fs_default().lstatSync(probe);
        }
        catch {
            exists = false;
        }
        if (exists)
            break;
        const up = external_node_path_default().dirname(probe);
        if (up === probe)
            break;
        probe = up;
    }
    let real;
    try {
        real = external_node_fs_default().realpathSync(probe);
    }
    catch {
        throw new WriteRefused(`${probe} is a broken symlink; refusing to write the report through it`);
    }
    if (real !== realRoot && !real.startsWith(realRoot + (external_node_path_default()).sep)) {
        throw new WriteRefused(`${dir} resolves to ${real}, outside ${realRoot}; refusing to write the report there`);
    }
}

;// CONCATENATED MODULE: ./src/io/workspace.ts


/**
 * The repository the verifier may read. Every path that comes from an artifact is resolved
 * through `resolve`, which refuses to leave the root (lexically, or through a symlink)
 * unless outside reads were explicitly allowed. Git directories are never part of the
 * workspace, even with outside reads allowed: `.git/config` can hold the token
 * actions/checkout saves. A path that resolves into one is refused as outside the root.
 */
class Workspace {
    allowOutside;
    root;
    /** Directories already classified by `isGitDir`. */
    gitDirs = new Map();
    constructor(root, allowOutside = false) {
        this.allowOutside = allowOutside;
        this.root = external_node_fs_default().realpathSync(root);
    }
    /** Repo-relative POSIX path for reports; paths outside the root stay absolute. */
    rel(abs) {
        const r = external_node_path_default().relative(this.root, abs);
        if (r === '')
            return '.';
        if (r.startsWith('..') || external_node_path_default().isAbsolute(r))
            return abs;
        return r.split((external_node_path_default()).sep).join('/');
    }
    contains(abs) {
        return abs === this.root || abs.startsWith(this.root + (external_node_path_default()).sep);
    }
    /** Resolves `p` (relative to `base`, or absolute) to an existing path inside the root. */
    resolve(base, p) {
        if (p.length === 0)
            return { ok: false, reason: 'empty', rel: p, detail: 'the path is empty' };
        if (p.includes('\0'))
            return { ok: false, reason: 'nul', rel: p, detail: 'the path contains a NUL byte' };
        const abs = external_node_path_default().resolve(base, p);
        const rel = this.rel(abs);
        if (!this.allowOutside && !this.contains(abs)) {
            return {
                ok: false,
                reason: 'outside_root',
                rel,
                detail: `resolves outside the workspace root ${this.root}`,
            };
        }
        let real;
        try {
            real = external_node_fs_default().realpathSync(abs);
        }
        catch (err) {
            const code = err.code;
            if (code === 'ENOENT' || code === 'ENOTDIR')
                return { ok: false, reason: 'missing', rel, detail: 'does not exist' };
            if (code === 'ELOOP')
                return { ok: false, reason: 'loop', rel, detail: 'is a symlink loop' };
            return { ok: false, reason: 'unreadable', rel, detail: errorText(err) };
        }
        if (!this.allowOutside && !this.contains(real)) {
            return {
                ok: false,
                reason: 'outside_root',
                rel,
                detail: `is a symlink to ${real}, outside the workspace root`,
            };
        }
        const gitDir = this.gitDirHolding(real);
        if (gitDir !== undefined) {
            const where = `the git directory ${this.rel(gitDir)}`;
            return {
                ok: false,
                reason: 'outside_root',
                rel,
                detail: `${real === abs ? 'lies in' : 'is a symlink into'} ${where}, which is never read`,
            };
        }
        return { ok: true, abs, real, rel };
    }
    /**
     * The git directory `real` (a real path) is or lies in: a directory named `.git`, or one git
     * itself would take for a git directory (the target of a `.git` file, a bare repository, a
     * submodule's or worktree's git dir). Only directories below the root are looked at, and all
     * ancestors of a path outside it.
     */
    gitDirHolding(real) {
        const inside = this.contains(real);
        for (let d = real; inside ? d !== this.root : external_node_path_default().dirname(d) !== d; d = external_node_path_default().dirname(d)) {
            let known = this.gitDirs.get(d);
            if (known === undefined) {
                known = isGitDir(d);
                this.gitDirs.set(d, known);
            }
            if (known)
                return d;
        }
        return undefined;
    }
}
/**
 * Named `.git`, or a git directory by git's own test (setup.c, is_git_directory): a HEAD, with
 * objects/ and refs/ or a commondir.
 */
function isGitDir(dir) {
    if (external_node_path_default().basename(dir).toLowerCase() === '.git')
        return true;
    const kind = (name) => {
        try {
            const st = external_node_fs_default().statSync(external_node_path_default().join(dir, name));
            return st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
        }
        catch {
            return 'none';
        }
    };
    if (kind('HEAD') !== 'file')
        return false;
    return kind('commondir') === 'file' || (kind('objects') === 'dir' && kind('refs') === 'dir');
}
/**
 * What went wrong, for a message. A file system error says it without the path it carries
 * (`ENOENT: no such file or directory, open`): the caller names the file, and the path could be
 * any length, or an absolute path of the runner.
 */
function errorText(err) {
    // Duck-typed: an error from another realm (a worker, a vm context) is no `instanceof Error`.
    if (typeof err === 'object' && err !== null && typeof err.message === 'string') {
        const { code, syscall, message } = err;
        if (code && syscall) {
            const at = message.indexOf(`, ${syscall} `);
            if (at >= 0)
                return message.slice(0, at + syscall.length + 2);
        }
        return code && !message.startsWith(`${code}:`) ? `${code}: ${message}` : message;
    }
    return String(err);
}

;// CONCATENATED MODULE: ./src/render/sanitize.ts
// Control characters (including ESC, so no ANSI sequences) and bidi overrides from artifact
// text are shown escaped, so an artifact cannot repaint or reorder the terminal.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
function plain(s) {
    return s.replace(UNSAFE, (c) => {
        if (c === '\n')
            return '\\n';
        if (c === '\t')
            return '\\t';
        if (c === '\r')
            return '\\r';
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
}
/** Cuts a string to at most `max` characters (code points), marking the cut. */
function cap(s, max) {
    const chars = Array.from(s);
    return chars.length <= max ? s : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}
// ---------------------------------------------------------------------------------------------
// Markdown (GitHub-flavoured) escaping for text that came from artifacts. GitHub renders check-run
// summaries, comments and job summaries as Markdown with HTML, @mentions, #references and
// autolinks; untrusted text must not produce any of them, nor break out of a table or code span.
const ZWSP = '\u200b';
// Characters with a meaning in CommonMark/GFM inline syntax, tables or GitHub's math ($).
const MD_PUNCT = /[\\`*_{}[\]()<>#!|~$&:]/g;
/**
 * Escapes untrusted text for inline Markdown (a paragraph, list item or table cell): no raw HTML
 * (every `<`, `>` and `&` is escaped), no links or images (brackets, parentheses and `!` escaped,
 * bare URLs and `www.` broken so GFM does not autolink them), no `@mention` pings and no `#123`
 * cross-references (a zero-width space after `@` and `#`, inside `GH-123` and full commit SHAs),
 * no table break-out (`|` escaped, line
 * breaks folded into spaces). The result is capped at `max` characters.
 */
function mdText(s, max = 1000) {
    const folded = cap(plain(s.replace(/\r\n?|\n/g, ' ')), max);
    return (folded
        .replace(MD_PUNCT, (c) => c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : `\\${c}`)
        .replace(/@/g, `@${ZWSP}`)
        .replace(/#/g, `#${ZWSP}`)
        .replace(/\\:\/\//g, `\\:${ZWSP}//`)
        .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`)
        // GitHub also autolinks GH-123 issue references and full commit SHAs.
        .replace(/\b(GH)-(?=\d)/gi, `$1${ZWSP}-`)
        .replace(/\b([0-9a-f]{7})(?=[0-9a-f]{33}\b)/gi, `$1${ZWSP}`)
        // A leading list, heading-underline or numbered-list marker stays text.
        .replace(/^([-+=]|\d+[.)])/, (m) => `\\${m}`));
}
/**
 * Untrusted text as an inline code span: the fence is longer than any backtick run inside, so the
 * text cannot close it early; `|` is escaped when the span sits in a table cell (GFM splits cells
 * before it parses code spans). Code spans render no HTML, mentions or links.
 */
function mdCode(s, max = 300, inTable = true) {
    let text = cap(plain(s.replace(/\r\n?|\n/g, ' ')), max);
    if (inTable)
        text = text.replace(/\|/g, '\\|');
    const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    const pad = text.startsWith('`') || text.endsWith('`') || text.startsWith(' ') ? ' ' : '';
    return `${fence}${pad}${text}${pad}${fence}`;
}
/** Text that is safe inside an HTML comment (used for hidden markers): no `--` and no `>`. */
function htmlCommentText(s) {
    return plain(s)
        .replace(/-{2,}/g, (m) => m.replace(/-/g, '‐'))
        .replace(/[<>]/g, '_');
}
// ---------------------------------------------------------------------------------------------
// Values from untrusted files inside messages. A message may show a value the verifier parsed
// (a verdict, a key, a path an artifact names), never a file's raw text, and only this much of it.
/** The most characters of a parsed value that a message, reason or issue string shows. */
const VALUE_EXCERPT_MAX = 80;
/** At most VALUE_EXCERPT_MAX characters (code points) of `s`, the cut marked with an ellipsis. */
function cutValue(s) {
    // Slice first, so a 64 MiB value is never split into code points whole: 2·max+2 code units
    // always hold more than max code points when `s` is longer than that.
    return cap(s.length > 2 * VALUE_EXCERPT_MAX + 2 ? s.slice(0, 2 * VALUE_EXCERPT_MAX + 2) : s, VALUE_EXCERPT_MAX);
}
/** A parsed value as a short, escaped, unquoted prefix (for legacy issue strings and reasons). */
function valueExcerpt(s) {
    return plain(cutValue(s));
}
/** A parsed value as a short, escaped, double-quoted prefix, for messages. */
function quoteValue(s) {
    // JSON escapes quotes, backslashes and C0 controls; plain() then escapes C1 and bidi controls.
    return plain(JSON.stringify(cutValue(s)));
}
/**
 * Where a schema (zod) issue is and what it says, with every key taken from the file shown as a
 * value excerpt: the path's segments, and the keys an "unrecognized key" issue lists.
 */
function schemaIssueText(issue) {
    const segments = issue.path.filter((x) => typeof x !== 'symbol');
    const where = segments.length
        ? segments.map((x) => (typeof x === 'number' ? String(x) : valueExcerpt(x))).join('.')
        : 'the top level';
    if (issue.code !== 'unrecognized_keys' || !issue.keys)
        return { where, why: issue.message };
    const shown = issue.keys.slice(0, 3).map(quoteValue).join(', ');
    const more = issue.keys.length > 3 ? ` and ${issue.keys.length - 3} more` : '';
    return { where, why: `unrecognized key${issue.keys.length === 1 ? '' : 's'} ${shown}${more}` };
}

;// CONCATENATED MODULE: ./src/policy/assurance.ts

const ASSURANCES = ['draft', 'submission'];
const EFFORTS = ['lite', 'balanced', 'max', 'beast'];
/** The seed's mapping: lite/balanced keep audits advisory, max/beast make them gates. */
function assuranceForEffort(effort) {
    return effort === 'max' || effort === 'beast' ? 'submission' : 'draft';
}
function isAssurance(v) {
    return typeof v === 'string' && ASSURANCES.includes(v);
}
function isEffort(v) {
    return typeof v === 'string' && EFFORTS.includes(v);
}
/**
 * Where the assurance comes from. Assurance and effort are independent axes (seed 000): effort
 * implies an assurance only when none is given, so every explicit assurance wins over every
 * effort, and a paper's own .aris/assurance.txt is not overridden by an effort flag. First
 * match wins:
 *
 * 1. the --assurance flag (the Action's `assurance` input);
 * 2. <paper-dir>/.aris/assurance.txt;
 * 3. the config's assurance;
 * 4. the assurance implied by the --effort flag (the Action's `effort` input);
 * 5. the assurance implied by the config's effort;
 * 6. draft (the default effort, balanced).
 *
 * A value that is not understood never falls through to a weaker source: an invalid effort
 * anywhere, or an invalid assurance at the level that is reached, fails closed to submission.
 * The effort recorded in the decision is the flag's, else the config's, whichever source the
 * assurance came from.
 */
function resolveAssurance(i) {
    const effort = [i.flagEffort, i.configEffort].find((e) => e !== undefined);
    const effortField = isEffort(effort) ? { effort } : {};
    for (const [name, value] of [
        ['flagEffort', i.flagEffort],
        ['configEffort', i.configEffort],
    ]) {
        if (value !== undefined && !isEffort(value)) {
            return fail(`effort "${value}" is not one of ${EFFORTS.join(', ')}`, name === 'flagEffort' ? '--effort' : 'config effort');
        }
    }
    // Explicit assurances: flag, then the paper's own file, then the config.
    if (i.flagAssurance !== undefined) {
        if (!isAssurance(i.flagAssurance))
            return fail(`assurance "${i.flagAssurance}" is not draft or submission`, '--assurance');
        return { assurance: i.flagAssurance, source: '--assurance', ...effortField };
    }
    const label = i.fileLabel ?? '.aris/assurance.txt';
    if (i.fileError !== undefined)
        return fail(`${label} ${i.fileError}`, label);
    if (i.fileText !== undefined) {
        const v = i.fileText.replace(/\s+/g, '');
        // Only a short prefix: the file may be a symlink to anything the workspace holds.
        if (!isAssurance(v))
            return fail(`${label} says ${quoteValue(v)}, not draft or submission`, label);
        return { assurance: v, source: label, ...effortField };
    }
    if (i.configAssurance !== undefined) {
        if (!isAssurance(i.configAssurance))
            return fail(`config assurance "${i.configAssurance}" is not draft or submission`, 'config assurance');
        return { assurance: i.configAssurance, source: 'config assurance', ...effortField };
    }
    // No explicit assurance anywhere: the effort implies one, the flag's before the config's.
    if (i.flagEffort !== undefined && isEffort(i.flagEffort)) {
        return {
            assurance: assuranceForEffort(i.flagEffort),
            source: `--effort ${i.flagEffort}`,
            effort: i.flagEffort,
        };
    }
    if (i.configEffort !== undefined && isEffort(i.configEffort)) {
        return {
            assurance: assuranceForEffort(i.configEffort),
            source: `config effort ${i.configEffort}`,
            effort: i.configEffort,
        };
    }
    return { assurance: 'draft', source: 'default (effort balanced)', effort: 'balanced' };
}
function fail(error, source) {
    return {
        assurance: 'submission',
        source: `${source} (not understood: failing closed to submission)`,
        error,
    };
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/util.js

// functions
function assertEqual(val) {
    return val;
}
function assertNotEqual(val) {
    return val;
}
function toZod() {
    return (schema) => schema;
}
function assertIs(_arg) { }
function assertNever(_x) {
    throw new Error("Unexpected value in exhaustive check");
}
function assert(_) { }
function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
const EVALUATING = /* @__PURE__*/ (/* unused pure expression or super */ null && (Symbol("evaluating")));
function defineLazy(object, key, getter) {
    let value = undefined;
    Object.defineProperty(object, key, {
        get() {
            if (value === EVALUATING) {
                // Circular reference detected, return undefined to break the cycle
                return undefined;
            }
            if (value === undefined) {
                value = EVALUATING;
                value = getter();
            }
            return value;
        },
        set(v) {
            Object.defineProperty(object, key, {
                value: v,
                // configurable: true,
            });
            // object[key] = v;
        },
        configurable: true,
    });
}
function objectClone(obj) {
    return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function util_assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            util_assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        util_assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
    return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
    if (!path)
        return obj;
    return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
    const keys = Object.keys(promisesObj);
    const promises = keys.map((key) => promisesObj[key]);
    return Promise.all(promises).then((results) => {
        const resolvedObj = {};
        for (let i = 0; i < keys.length; i++) {
            resolvedObj[keys[i]] = results[i];
        }
        return resolvedObj;
    });
}
function randomString(length = 10) {
    const chars = "abcdefghijklmnopqrstuvwxyz";
    let str = "";
    for (let i = 0; i < length; i++) {
        str += chars[Math.floor(Math.random() * chars.length)];
    }
    return str;
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function util_isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const util_allowsEval = /* @__PURE__*/ cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (globalConfig.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
});
function isPlainObject(o) {
    if (util_isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (util_isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
function numKeys(data) {
    let keyCount = 0;
    for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(data, key)) {
            keyCount++;
        }
    }
    return keyCount;
}
const getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
        case "undefined":
            return "undefined";
        case "string":
            return "string";
        case "number":
            return Number.isNaN(data) ? "nan" : "number";
        case "boolean":
            return "boolean";
        case "function":
            return "function";
        case "bigint":
            return "bigint";
        case "symbol":
            return "symbol";
        case "object":
            if (Array.isArray(data)) {
                return "array";
            }
            if (data === null) {
                return "null";
            }
            if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
                return "promise";
            }
            if (typeof Map !== "undefined" && data instanceof Map) {
                return "map";
            }
            if (typeof Set !== "undefined" && data instanceof Set) {
                return "set";
            }
            if (typeof Date !== "undefined" && data instanceof Date) {
                return "date";
            }
            // @ts-ignore
            if (typeof File !== "undefined" && data instanceof File) {
                return "file";
            }
            return "object";
        default:
            throw new Error(`Unknown data type: ${t}`);
    }
};
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
const primitiveTypes = /* @__PURE__*/ new Set([
    "string",
    "number",
    "bigint",
    "boolean",
    "symbol",
    "undefined",
]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function createTransparentProxy(getter) {
    let target;
    return new Proxy({}, {
        get(_, prop, receiver) {
            target ?? (target = getter());
            return Reflect.get(target, prop, receiver);
        },
        set(_, prop, value, receiver) {
            target ?? (target = getter());
            return Reflect.set(target, prop, value, receiver);
        },
        has(_, prop) {
            target ?? (target = getter());
            return Reflect.has(target, prop);
        },
        deleteProperty(_, prop) {
            target ?? (target = getter());
            return Reflect.deleteProperty(target, prop);
        },
        ownKeys(_) {
            target ?? (target = getter());
            return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(_, prop) {
            target ?? (target = getter());
            return Reflect.getOwnPropertyDescriptor(target, prop);
        },
        defineProperty(_, prop, descriptor) {
            target ?? (target = getter());
            return Reflect.defineProperty(target, prop, descriptor);
        },
    });
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}
// Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes a top-level initializer that contains a member access on `Number`, so the bare object literal survived into every bundle.
const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-3.4028234663852886e38, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
function getSizableOrigin(input) {
    if (input instanceof Set)
        return "set";
    if (input instanceof Map)
        return "map";
    // @ts-ignore
    if (input instanceof File)
        return "file";
    return "unknown";
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function util_issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
function cleanEnum(obj) {
    return Object.entries(obj)
        .filter(([k, _]) => {
        // return true if NaN, meaning it's not a number, thus a string key
        return Number.isNaN(Number.parseInt(k, 10));
    })
        .map((el) => el[1]);
}
// Codec utility functions
function base64ToUint8Array(base64) {
    const binaryString = atob(base64);
    const bytes = new Uint8Array(binaryString.length);
    for (let i = 0; i < binaryString.length; i++) {
        bytes[i] = binaryString.charCodeAt(i);
    }
    return bytes;
}
function uint8ArrayToBase64(bytes) {
    let binaryString = "";
    for (let i = 0; i < bytes.length; i++) {
        binaryString += String.fromCharCode(bytes[i]);
    }
    return btoa(binaryString);
}
function base64urlToUint8Array(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const padding = "=".repeat((4 - (base64.length % 4)) % 4);
    return base64ToUint8Array(base64 + padding);
}
function uint8ArrayToBase64url(bytes) {
    return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
    const cleanHex = hex.replace(/^0x/, "");
    if (cleanHex.length % 2 !== 0) {
        throw new Error("Invalid hex string length");
    }
    const bytes = new Uint8Array(cleanHex.length / 2);
    for (let i = 0; i < cleanHex.length; i += 2) {
        bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
    }
    return bytes;
}
function uint8ArrayToHex(bytes) {
    return Array.from(bytes)
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
}
// instanceof
class Class {
    constructor(..._args) { }
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/core.js
var _a;

/** A special constant with type `never` */
const NEVER = /*@__PURE__*/ Object.freeze({
    status: "aborted",
});
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                members(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
//////////////////////////////   UTILITIES   ///////////////////////////////////////
const $brand = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("zod_brand")));
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(globalConfig, newConfig);
    return globalConfig;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/memoizer.js

class $ZodCyclicError extends Error {
    constructor() {
        super(`Cannot parse a reference cycle that closes through a transform`);
        this.name = "ZodCyclicError";
    }
}
/** Keyed off the context object every schema in one parse call already shares. */
const STATE = "~memo";
const NO_ISSUES = [];
// a value a cycle can close through
function isRef(value) {
    return value !== null && typeof value === "object";
}
// Receivers prefix paths in place, so the cache and every hand-out need their own copies.
function cloneIssues(issues) {
    return issues.map((iss) => (iss.path ? { ...iss, path: iss.path.slice() } : { ...iss }));
}
const recursive = /*@__PURE__*/ new WeakMap();
/** What the walk established, in order of certainty: ordered so the strongest answer among children wins. */
const NONE = 0;
const ASSUMED = 1;
const PROVEN = 2;
/** Whether this schema's subtree contains a cycle, so one parse can re-enter it. */
function isRecursive(inst, stack, resolve) {
    const cached = recursive.get(inst);
    if (cached !== undefined)
        return cached ? PROVEN : NONE;
    // Relative to the walk in progress, so not cached.
    if (stack.has(inst))
        return PROVEN;
    stack.add(inst);
    let result = NONE;
    const check = (child) => {
        if (result !== PROVEN && child?._zod) {
            const answer = isRecursive(child, stack, resolve);
            if (answer > result)
                result = answer;
        }
    };
    // `Reflect.ownKeys` rather than `Object.keys`, so a cycle through a declared symbol key is still seen
    const shape = (sh, spread) => {
        let answer = NONE;
        for (const key of Reflect.ownKeys(sh)) {
            const desc = Object.getOwnPropertyDescriptor(sh, key);
            // an object resolves its shape by spread, so a key it does not enumerate is never parsed; `z.properties` reads every own key and so keeps them all
            if (spread && !desc.enumerable)
                continue;
            // resolving runs user code, and a factory mints a fresh subtree per read, so an edge the walk can't follow counts as a cycle
            const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
            if (child > answer)
                answer = child;
        }
        return answer;
    };
    const merge = (answer) => {
        if (answer > result)
            result = answer;
    };
    const def = inst._zod.def;
    const kind = def.type;
    switch (kind) {
        case "object": {
            const raw = rawShape(def);
            // a def with no raw shape answers `shape` from an accessor of its own, and running that can mint a whole fresh subtree
            merge(raw ? shape(raw, true) : ASSUMED);
            check(def.catchall);
            break;
        }
        case "array":
            check(def.element);
            break;
        case "tuple":
            for (const el of def.items)
                check(el);
            check(def.rest);
            break;
        case "record":
        case "map":
            check(def.keyType);
            check(def.valueType);
            break;
        case "set":
            check(def.valueType);
            break;
        case "union":
            for (const el of def.options)
                check(el);
            break;
        case "intersection":
            check(def.left);
            check(def.right);
            break;
        case "optional":
        case "nullable":
        case "default":
        case "prefault":
        case "catch":
        case "readonly":
        case "nonoptional":
        case "promise":
        case "success":
            check(def.innerType);
            break;
        case "pipe":
            check(def.in);
            check(def.out);
            break;
        case "function":
            check(def.input);
            check(def.output);
            break;
        // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
        case "lazy": {
            const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : undefined);
            // walked with resolution off: one hop sees past the deferral, and a lazy that yields only another unresolved lazy is generative, so it stops there
            merge(inner ? isRecursive(inner, stack, false) : ASSUMED);
            break;
        }
        // a leaf by choice: `parts` are regex fragments, not data positions
        case "template_literal":
        // leaves
        case "string":
        case "number":
        case "int":
        case "boolean":
        case "bigint":
        case "symbol":
        case "undefined":
        case "null":
        case "void":
        case "never":
        case "any":
        case "unknown":
        case "date":
        case "nan":
        case "enum":
        case "literal":
        case "file":
        case "transform":
        case "custom":
            break;
        default: {
            // a new built-in kind becomes a compile error here
            kind;
            // a user-defined kind can still hold children, and only its author knows where, so fall back to scanning the def — skipping accessors, since reading one can run user code
            for (const key in def) {
                const desc = Object.getOwnPropertyDescriptor(def, key);
                if (!desc || desc.get)
                    continue;
                const value = desc.value;
                if (!value || typeof value !== "object")
                    continue;
                if (value._zod)
                    check(value);
                else if (Array.isArray(value))
                    for (const el of value)
                        check(el);
            }
        }
    }
    stack.delete(inst);
    return settle(inst, result);
}
/** An assumed answer must not outlive the resolution that settles it, so only a certain one is cached. */
function settle(inst, answer) {
    if (answer !== ASSUMED)
        recursive.set(inst, answer === PROVEN);
    return answer;
}
/**
 * Whether one parse can re-enter this schema, i.e. its subtree contains a cycle.
 * Exported for `z.compile`, which refuses to compile such a schema: cycle
 * breaking is driven from here off state keyed on the parse context, and a
 * generated fast path has no context to key on.
 */
function isRecursiveSchema(inst) {
    // z.compile never parses, so nothing would ever resolve a lazy for it; it runs once and already treats a throw here as recursive
    return isRecursive(inst, new Set(), true) !== NONE;
}
function bucketFor(state, inst) {
    let bucket = state.buckets.get(inst);
    if (!bucket) {
        bucket = new WeakMap();
        state.buckets.set(inst, bucket);
    }
    return bucket;
}
// Set immediately before delegating to core and cleared immediately after, so `alloc` registers only for a visit this module is driving.
let handoff;
// Allocated but unfinished entries. `alloc` and the matching pop both happen in the synchronous part of a parse, so they nest even when children are async, and one stack serves every schema.
const memoizer_open = [];
const memo = {
    alloc(_inst, payload, empty) {
        const bucket = handoff;
        if (!bucket)
            return empty;
        handoff = undefined;
        const entry = { value: empty, issues: null };
        bucket.set(payload.value, entry);
        memoizer_open.push(entry);
        return empty;
    },
    guard(inst) {
        var _a;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                // The value is a placeholder a back-edge is still waiting on, so the cycle closes through this transform. Its output can't exist in time to bind.
                if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
                    throw new $ZodCyclicError();
                return base(payload, ctx);
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
    attach(inst) {
        var _a;
        let isRecursiveInst;
        let rechecked = false;
        // a recursive schema is re-entered many times per parse and its bucket never changes
        let lastCtx;
        let lastBucket;
        // Wraps `parse` in a deferred so it sees the container's final parse. Core's own deferred copies `parse` into `run` when there are no checks, and it ran first, so `run` is patched to match; with checks, `run` reads `parse` dynamically.
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                if (isRecursiveInst === undefined) {
                    const walked = isRecursive(inst, new Set(), false);
                    if (walked === NONE) {
                        // Nothing here can ever fire, so take it back out.
                        inst._zod.parse = base;
                        if (inst._zod.run === wrapped)
                            inst._zod.run = base;
                        return base(payload, ctx);
                    }
                    // this parse resolves the deferred edges on its own path, so ask once more before latching
                    if (walked === PROVEN || rechecked)
                        isRecursiveInst = true;
                    else
                        rechecked = true;
                }
                const input = payload.value;
                if (!isRef(input))
                    return base(payload, ctx);
                let state = ctx[STATE];
                if (!state) {
                    state = { buckets: new WeakMap(), backEdges: undefined };
                    ctx[STATE] = state;
                }
                let bucket;
                if (lastCtx === ctx) {
                    bucket = lastBucket;
                }
                else {
                    bucket = bucketFor(state, inst);
                    lastCtx = ctx;
                    lastBucket = bucket;
                }
                const hit = bucket.get(input);
                if (hit) {
                    payload.value = hit.value;
                    if (hit.issues) {
                        if (hit.issues.length)
                            payload.issues.push(...cloneIssues(hit.issues));
                    }
                    else {
                        // Still being parsed: its own checks cover it, so skip them here.
                        payload.memo = true;
                        state.backEdges ?? (state.backEdges = new WeakSet());
                        state.backEdges.add(hit.value);
                    }
                    return payload;
                }
                handoff = bucket;
                const depth = memoizer_open.length;
                const result = base(payload, ctx);
                handoff = undefined;
                // A container that rejected its input outright allocated nothing.
                const entry = memoizer_open.length > depth ? memoizer_open.pop() : undefined;
                // Both paths written out so the sync one allocates no closure. It runs once per node, and capturing here cost more than everything else combined.
                if (result instanceof Promise) {
                    return result.then((r) => {
                        if (entry)
                            entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
                        return r;
                    });
                }
                if (entry)
                    entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
                return result;
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
};
/** The memoizer that gives containers cycle support. `zod` installs it by default; `zod/mini` opts in with `config({ memoizer: memoizer() })`. */
function memoizer() {
    return memo;
}
/** Whether this value is a node a back-edge resolved to before it finished. */
function isBackEdge(ctx, value) {
    const backEdges = ctx[STATE]?.backEdges;
    return backEdges !== undefined && isRef(value) && backEdges.has(value);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/regexes.js

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** Implements ISO 8601-2 extensions like explicit +- prefixes, mixing weeks with other units, and fractional/negative components. */
const extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
const uuid4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(4)));
const uuid6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(6)));
const uuid7 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(7)));
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** Equivalent to the HTML5 input[type=email] validation implemented by browsers. Source: https://developer.mozilla.org/en-US/docs/Web/HTML/Element/input/email */
const html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The classic emailregex.com regex for RFC 5322-compliant emails */
const rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
/** A loose regex that allows Unicode characters, enforces length limits, and that's about it. */
const unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
const idnEmail = (/* unused pure expression or super */ null && (unicodeEmail));
const browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
    return new RegExp(_emoji, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const mac = (delimiter) => {
    const escapedDelim = util.escapeRegex(delimiter ?? ":");
    return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
};
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
// based on https://stackoverflow.com/questions/106179/regular-expression-to-match-dns-hostname-or-ip-address
// export const hostname: RegExp = /^([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+$/;
const hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
const domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
// Credit card shape: 12–19 digits, optionally separated by single spaces or single hyphens. ISO/IEC 7812 caps the PAN at 19 digits; 12 is the shortest issued length (Maestro).
const creditCard = /^\d(?:[ -]?\d){11,18}$/;
// ISO 4217 alpha codes from the SIX list, regenerated by scripts/update-iso-4217.ts
const currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
// iban electronic format: 2-letter country, check digits 02-98 (the only values `98 - remainder` can produce), 11-30 bban characters
const iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
const dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
/** Anchors a pattern source. The interpolation lives here rather than at the call site because
 * esbuild will not drop a `@__PURE__` call whose own argument interpolates a variable, but it
 * will drop `anchor(dateSource)`. Keeping it inline pinned `date` into every bundle. */
function regexes_anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ regexes_anchor(dateSource);
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const string = (params) => {
    const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
    return new RegExp(`^${regex}$`);
};
const bigint = /^-?\d+n?$/;
const integer = /^-?\d+$/;
const number = /^-?\d+(?:\.\d+)?$/;
const regexes_boolean = /^(?:true|false)$/i;
const _null = /^null$/i;

const _undefined = /^undefined$/i;

// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;
// regex for hexadecimal strings (any length)
const hex = /^[0-9a-fA-F]*$/;
// Hash regexes for different algorithms and encodings
// Helper function to create base64 regex with exact length and padding
function fixedBase64(bodyLength, padding) {
    return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
// Helper function to create base64url regex with exact length (no padding)
function fixedBase64url(length) {
    return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
// MD5 (16 bytes): base64 = 24 chars total (22 + "==")
const md5_hex = /^[0-9a-fA-F]{32}$/;
const md5_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(22, "==")));
const md5_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(22)));
// SHA1 (20 bytes): base64 = 28 chars total (27 + "=")
const sha1_hex = /^[0-9a-fA-F]{40}$/;
const sha1_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(27, "=")));
const sha1_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(27)));
// SHA256 (32 bytes): base64 = 44 chars total (43 + "=")
const sha256_hex = /^[0-9a-fA-F]{64}$/;
const sha256_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(43, "=")));
const sha256_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(43)));
// SHA384 (48 bytes): base64 = 64 chars total (no padding)
const sha384_hex = /^[0-9a-fA-F]{96}$/;
const sha384_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(64, "")));
const sha384_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(64)));
// SHA512 (64 bytes): base64 = 88 chars total (86 + "==")
const sha512_hex = /^[0-9a-fA-F]{128}$/;
const sha512_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(86, "==")));
const sha512_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(86)));

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/checks.js
// import { $ZodType } from "./schemas.js";



const $ZodCheck = /*@__PURE__*/ $constructor("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for size-based checks: run only on non-nullish values with a `size`. */
const _whenHasSize = (payload) => {
    const val = payload.value;
    return !util.nullish(val) && val.size !== undefined;
};
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ $constructor("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ $constructor("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ $constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckNumberFormat = /*@__PURE__*/ $constructor("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckBigIntFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    const [minimum, maximum] = util.BIGINT_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (input < minimum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_small",
                minimum: minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodCheckMaxSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMaxSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size <= def.maximum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMinSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMinSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size >= def.minimum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckSizeEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckSizeEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size === def.size)
            return;
        const tooBig = size > def.size;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            ...(tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMaxLength = /*@__PURE__*/ $constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
        if (length <= def.maximum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMinLength = /*@__PURE__*/ $constructor("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? codePointLength(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ $constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? codePointLength(input)
            : units;
        if (length === def.length)
            return;
        const origin = getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStringFormat = /*@__PURE__*/ $constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
});
const $ZodCheckRegex = /*@__PURE__*/ $constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLowerCase = /*@__PURE__*/ $constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = lowercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckUpperCase = /*@__PURE__*/ $constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = uppercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckIncludes = /*@__PURE__*/ $constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = escapeRegex(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStartsWith = /*@__PURE__*/ $constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckEndsWith = /*@__PURE__*/ $constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
///////////////////////////////////
/////    $ZodCheckProperty    /////
///////////////////////////////////
function handleCheckPropertyResult(result, payload, property) {
    if (result.issues.length) {
        payload.issues.push(...prefixIssues(property, result.issues));
    }
}
const $ZodCheckProperty = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperty", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        const result = def.schema._zod.run({
            value: payload.value[def.property],
            issues: [],
        }, {});
        if (result instanceof Promise) {
            return result.then((result) => handleCheckPropertyResult(result, payload, def.property));
        }
        handleCheckPropertyResult(result, payload, def.property);
        return;
    };
})));
const $ZodCheckProperties = /*@__PURE__*/ $constructor("$ZodCheckProperties", (inst, def) => {
    $ZodCheck.init(inst, def);
    hide(inst, Symbol.iterator, function* () {
        yield inst;
    });
    // key and schema snapshotted together: reading one live and the other cached lets a later mutation of the caller's shape object pair a stale key with a missing schema
    let entries;
    inst._zod.check = (payload) => {
        // the base schema already typed the value, so only a nullish one is rejected here: the properties read on a primitive too, matching z.property() on a string's length
        if (payload.value == null) {
            payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
            return undefined;
        }
        entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
        const input = payload.value;
        let proms;
        for (const [key, schema] of entries) {
            const result = schema._zod.run({ value: input[key], issues: [] }, {});
            if (result instanceof Promise) {
                proms ?? (proms = []);
                proms.push(result.then((result) => handleCheckPropertyResult(result, payload, key)));
            }
            else {
                handleCheckPropertyResult(result, payload, key);
            }
        }
        if (proms)
            return Promise.all(proms).then(() => undefined);
        return undefined;
    };
});
const $ZodCheckMimeType = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMimeType", (inst, def) => {
    $ZodCheck.init(inst, def);
    const mimeSet = new Set(def.mime);
    inst._zod.check = (payload) => {
        if (mimeSet.has(payload.value.type))
            return;
        payload.issues.push({
            code: "invalid_value",
            values: def.mime,
            input: payload.value.type,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckOverwrite = /*@__PURE__*/ $constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
});

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/doc.js
class Doc {
    constructor(args = [], closed = {}) {
        this.content = [];
        this.indent = 0;
        this.args = args;
        this.closed = closed;
    }
    // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
    indented(fn) {
        this.indent += 1;
        try {
            fn(this);
        }
        finally {
            this.indent -= 1;
        }
    }
    write(arg) {
        if (typeof arg === "function") {
            arg(this, { execution: "sync" });
            arg(this, { execution: "async" });
            return;
        }
        const content = arg;
        const lines = content.split("\n").filter((x) => x);
        const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
        const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
        for (const line of dedented) {
            this.content.push(line);
        }
    }
    compile() {
        const F = Function;
        const content = this?.content ?? [``];
        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${content.join("\n")}\n};`);
        return factory(...Object.values(this.closed));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/versions.js
const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/schemas.js







const $ZodType = /*@__PURE__*/ $constructor("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = aborted(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (explicitlyAborted(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new $ZodAsyncError();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        attachSchema(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = aborted(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    attachSchema(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = aborted(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (aborted(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return hide(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}

const $ZodString = /*@__PURE__*/ $constructor("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ $constructor("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    $ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
});
const $ZodGUID = /*@__PURE__*/ $constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = guid);
    $ZodStringFormat.init(inst, def);
});
const $ZodUUID = /*@__PURE__*/ $constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = uuid(v));
    }
    else
        def.pattern ?? (def.pattern = uuid());
    $ZodStringFormat.init(inst, def);
});
const $ZodEmail = /*@__PURE__*/ $constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = email);
    $ZodStringFormat.init(inst, def);
});
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ $constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodEmoji = /*@__PURE__*/ $constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = emoji());
    $ZodStringFormat.init(inst, def);
});
const $ZodNanoID = /*@__PURE__*/ $constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? nanoid : nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ $constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = cuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodCUID2 = /*@__PURE__*/ $constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = cuid2);
    $ZodStringFormat.init(inst, def);
});
const $ZodULID = /*@__PURE__*/ $constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = ulid);
    $ZodStringFormat.init(inst, def);
});
const $ZodXID = /*@__PURE__*/ $constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = xid);
    $ZodStringFormat.init(inst, def);
});
const $ZodKSUID = /*@__PURE__*/ $constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = ksuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodISODateTime = /*@__PURE__*/ $constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = datetime(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODate = /*@__PURE__*/ $constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = date);
    $ZodStringFormat.init(inst, def);
});
const $ZodISOTime = /*@__PURE__*/ $constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = time(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODuration = /*@__PURE__*/ $constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = duration);
    $ZodStringFormat.init(inst, def);
});
const $ZodIPv4 = /*@__PURE__*/ $constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = ipv4);
    $ZodStringFormat.init(inst, def);
});
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ $constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMAC", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.mac(def.delimiter));
    $ZodStringFormat.init(inst, def);
})));
const $ZodCIDRv4 = /*@__PURE__*/ $constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv4);
    $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ $constructor("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ $constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ $constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodE164 = /*@__PURE__*/ $constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = e164);
    $ZodStringFormat.init(inst, def);
});
//////////////////////////////   ZodCreditCard   //////////////////////////////
const CC_SANITIZE = /[- ]/g;
/** Luhn checksum on a digit-only string. Adapted from valibot (MIT). */
function isLuhnAlgo(digits) {
    let length = digits.length;
    let bit = 1;
    let sum = 0;
    while (length) {
        const value = digits.charCodeAt(--length) - 48;
        bit ^= 1;
        sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
    }
    return sum % 10 === 0;
}
function isValidCreditCard(input) {
    if (!regexes.creditCard.test(input))
        return false;
    return isLuhnAlgo(input.replace(CC_SANITIZE, ""));
}
const $ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCreditCard", (inst, def) => {
    // Shape only — the Luhn check below is not expressible as a pattern, so consumers of `pattern` (JSON Schema, template literals) get the length and separator rules alone.
    def.pattern ?? (def.pattern = regexes.creditCard);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidCreditCard(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "credit_card",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodIBAN   //////////////////////////////
// iso 7064 mod 97-10 checksum without BigInt
function isIso7064Mod97(iban) {
    let remainder = 0;
    const len = iban.length;
    for (let i = 4; i < len; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    for (let i = 0; i < 4; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    return remainder === 1;
}
function isValidIBAN(input) {
    if (!regexes.iban.test(input))
        return false;
    return isIso7064Mod97(input);
}
const $ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIBAN", (inst, def) => {
    // shape only — checksum is not expressible as a pattern
    def.pattern ?? (def.pattern = regexes.iban);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidIBAN(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "iban",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ $constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCustomStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (def.fn(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodNumber = /*@__PURE__*/ $constructor("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ $constructor("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ $constructor("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes_boolean;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodBigInt = /*@__PURE__*/ $constructor("$ZodBigInt", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = bigint;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = BigInt(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "bigint")
            return payload;
        payload.issues.push({
            expected: "bigint",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigIntFormat", (inst, def) => {
    checks.$ZodCheckBigIntFormat.init(inst, def);
    $ZodBigInt.init(inst, def); // no format checks
})));
const $ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSymbol", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "symbol")
            return payload;
        payload.issues.push({
            expected: "symbol",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUndefined", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.undefined;
    inst._zod.values = new Set([undefined]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "undefined",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.null;
    inst._zod.values = new Set([null]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
            return payload;
        payload.issues.push({
            expected: "null",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodAny", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
})));
const $ZodUnknown = /*@__PURE__*/ $constructor("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ $constructor("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodVoid", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "void",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodDate = /*@__PURE__*/ $constructor("$ZodDate", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce) {
            try {
                payload.value = new Date(payload.value);
            }
            catch (_err) { }
        }
        const input = payload.value;
        const isDate = input instanceof Date;
        const isValidDate = isDate && !Number.isNaN(input.getTime());
        if (isValidDate)
            return payload;
        payload.issues.push({
            expected: "date",
            code: "invalid_type",
            input,
            ...(isDate ? { received: "Invalid Date" } : {}),
            inst,
        });
        return payload;
    };
});
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = sizeCaps(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    attachSchema(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
const mapSize = (input) => (input instanceof Map ? input.size : -1);
const setSize = (input) => (input instanceof Set ? input.size : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ $constructor("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && aborted(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = optionalKeys(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ $constructor("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = cached(() => normalizeDef(def));
    defineLazyInternal(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    util_assignProp(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject = util_isObject;
    const catchall = def.catchall;
    let value;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ $constructor("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = cached(() => normalizeDef(def));
    const memo = globalConfig.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject = util_isObject;
    const jit = !globalConfig.jitless;
    const allowsEval = util_allowsEval;
    const fastEnabled = jit && allowsEval.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
});
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !aborted(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ $constructor("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    defineLazyInternal(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
    const matches = [];
    for (let i = 0; i < results.length; i++) {
        if (results[i].issues.length === 0)
            matches.push(i);
    }
    if (matches.length === 1) {
        final.value = results[matches[0]].value;
        return final;
    }
    if (matches.length === 0) {
        // No matches - same as regular union
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config()))),
        });
    }
    else {
        // Multiple matches - exclusive union failure
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: [],
            inclusive: false,
            matches,
        });
    }
    return final;
}
const $ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXor", (inst, def) => {
    $ZodUnion.init(inst, def);
    def.inclusive = false;
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                results.push(result);
            }
        }
        if (!async)
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        });
    };
})));
/** Returns the option whose discriminator claims `value`, or throws if ambiguous. */
function getDiscriminatedOption(union, value) {
    const internals = union._zod;
    let map = internals.bag.optionsMap;
    if (!map) {
        map = discriminatorMap(internals.def);
        internals.bag.optionsMap = map;
    }
    const option = map.get(value);
    if (option === null)
        throw new Error(`Ambiguous discriminator value "${String(value)}"`);
    return option;
}
function discriminatorMap(def) {
    const map = new Map();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
            throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
            if (map.has(value)) {
                if (value !== undefined)
                    throw new Error(`Duplicate discriminator value "${String(value)}"`);
                // keep the collision marked so a later member cannot reclaim it
                map.set(value, null);
            }
            else {
                map.set(value, option);
            }
        }
    }
    return map;
}
const $ZodDiscriminatedUnion = 
/*@__PURE__*/
$constructor("$ZodDiscriminatedUnion", (inst, def) => {
    def.inclusive = false;
    $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    defineLazyInternal(inst, "propValues", (zod) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod.def.options) {
            const pv = option._zod.propValues;
            if (!pv || Object.keys(pv).length === 0)
                throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
            if (pv[zod.def.discriminator]?.has(undefined))
                undefinedCount++;
            for (const [k, v] of Object.entries(pv)) {
                if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
                    util_assignProp(propValues, k, new Set());
                }
                for (const val of v) {
                    propValues[k].add(val);
                }
            }
        }
        if (!zod.def.unionFallback && undefinedCount > 1)
            propValues[zod.def.discriminator]?.delete(undefined);
        return propValues;
    });
    // Checked now rather than in the lookup map below, so an option that lacks the discriminator fails at the `discriminatedUnion` call instead of on the first object parsed. Options whose shape cannot be enumerated without resolving it — pipes and lazies — are left to the map.
    def.options.forEach((option, i) => {
        const propShape = rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
            throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
    });
    const disc = cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util_isObject(input)) {
            payload.issues.push({
                code: "invalid_type",
                expected: "object",
                input,
                inst,
            });
            return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        // forward metadata cannot choose an encoder for an absent tag
        if (opt && (value !== undefined || ctx.direction !== "backward")) {
            return opt._zod.run(payload, ctx);
        }
        // Fall back to union matching when the fast discriminator path fails:
        // - explicitly enabled via unionFallback, or
        // - during backward direction (encode), since codec-based discriminators have different values in forward vs backward directions
        if (def.unionFallback || ctx.direction === "backward") {
            return _super(payload, ctx);
        }
        // no matching discriminator
        payload.issues.push({
            code: "invalid_union",
            errors: [],
            note: "No matching discriminator",
            discriminator: def.discriminator,
            options: Array.from(disc.value.keys()).filter((value) => disc.value.get(value) !== null),
            input,
            path: [def.discriminator],
            inst,
        });
        return payload;
    };
});
const $ZodIntersection = /*@__PURE__*/ $constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
});
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (isPlainObject(a) && isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (aborted(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodTuple = /*@__PURE__*/ $constructor("$ZodTuple", (inst, def) => {
    $ZodType.init(inst, def);
    const items = def.items;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                input,
                inst,
                expected: "tuple",
                code: "invalid_type",
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
        const proms = [];
        const optinStart = getTupleOptStart(items, "optin");
        const optoutStart = getTupleOptStart(items, "optout");
        if (!def.rest) {
            if (input.length < optinStart) {
                payload.issues.push({
                    code: "too_small",
                    minimum: optinStart,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
                return payload;
            }
            if (input.length > items.length) {
                payload.issues.push({
                    code: "too_big",
                    maximum: items.length,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
            }
        }
        // Run every item in parallel, collecting results into an indexed array. The post-processing in `handleTupleResults` walks them in order so it can decide whether an absent optional-output error can truncate the tail or must be reported to preserve required output.
        const itemResults = new Array(items.length);
        // only tracked when there is a rest loop to skip
        const abortEarly = def.rest ? ctx?.abortEarly : undefined;
        let itemAborted = false;
        for (let i = 0; i < items.length; i++) {
            const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((rr) => {
                    itemResults[i] = rr;
                }));
            }
            else {
                itemResults[i] = r;
                if (abortEarly && !itemAborted && r.issues.length)
                    itemAborted = aborted(r);
            }
        }
        // sound because rest is non-empty exactly when every fixed index is present, the one case handleTupleResults cannot discard an item's issues
        if (def.rest && !itemAborted) {
            let i = items.length - 1;
            const rest = input.slice(items.length);
            let seen = payload.issues.length;
            for (const el of rest) {
                if (abortEarly && payload.issues.length !== seen) {
                    if (aborted(payload, seen))
                        break;
                    seen = payload.issues.length;
                }
                i++;
                const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((r) => handleTupleResult(r, payload, i)));
                }
                else {
                    handleTupleResult(result, payload, i);
                }
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
        }
        return handleTupleResults(itemResults, payload, items, input, optoutStart);
    };
});
function getTupleOptStart(items, key) {
    for (let i = items.length - 1; i >= 0; i--) {
        // optin is a three-rung ladder so any rung above `undefined` permits an absent slot; optout stays two-valued.
        const omittable = key === "optin" ? items[i]._zod.optin !== undefined : items[i]._zod.optout === "optional";
        if (!omittable)
            return i + 1;
    }
    return 0;
}
function handleTupleResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
    // Walk results in order. Mirror $ZodObject's swallow-on-absent-optional rule, but only after `optoutStart`: the first index where the output tuple tail can be absent.
    for (let i = 0; i < items.length; i++) {
        const r = itemResults[i];
        const isPresent = i < input.length;
        // The array analog of `handlePropertyResult`'s absent-key early return: the middle rung permits absence without supplying anything in its place, so the tail truncates here instead of materializing whatever the item made of `undefined`.
        if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
            final.value.length = i;
            break;
        }
        if (r.issues.length) {
            if (!isPresent && i >= optoutStart) {
                final.value.length = i;
                break;
            }
            final.issues.push(...prefixIssues(i, r.issues));
        }
        final.value[i] = r.value;
    }
    // Drop trailing slots that produced `undefined` for absent input
    // (the array analog of an absent optional key on an object). The
    // `i >= input.length` floor is critical: an explicit `undefined`
    // *inside* the input must be preserved even when the schema is
    // optional-out (e.g. `z.string().or(z.undefined())` accepting an
    // explicit undefined value).
    for (let i = final.value.length - 1; i >= input.length; i--) {
        if (items[i]._zod.optout === "optional" && final.value[i] === undefined) {
            final.value.length = i;
        }
        else {
            break;
        }
    }
    return final;
}
const $ZodRecord = /*@__PURE__*/ $constructor("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!isPlainObject(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...prefixIssues(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...prefixIssues(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMap", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Map)) {
            payload.issues.push({
                expected: "map",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Map(), ctx) : new Map();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const [key, value] of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            const valueResult = def.valueType._zod.run({ value: value, issues: [] }, ctx);
            if (keyResult instanceof Promise || valueResult instanceof Promise) {
                proms.push(Promise.all([keyResult, valueResult]).then(([keyResult, valueResult]) => {
                    handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
                }));
            }
            else {
                handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
            }
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, mapSize);
})));
function handleMapResult(keyResult, valueResult, final, key, input, inst, ctx) {
    if (keyResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, keyResult.issues));
        }
        else {
            final.issues.push({
                code: "invalid_key",
                origin: "map",
                input,
                inst,
                issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    if (valueResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, valueResult.issues));
        }
        else {
            final.issues.push({
                origin: "map",
                code: "invalid_element",
                input,
                inst,
                key: key,
                issues: valueResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    final.value.set(keyResult.value, valueResult.value);
}
const $ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSet", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Set)) {
            payload.issues.push({
                input,
                inst,
                expected: "set",
                code: "invalid_type",
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Set(), ctx) : new Set();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const item of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleSetResult(result, payload)));
            }
            else
                handleSetResult(result, payload);
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, setSize);
})));
function handleSetResult(result, final) {
    if (result.issues.length) {
        final.issues.push(...result.issues);
    }
    final.value.add(result.value);
}
const $ZodEnum = /*@__PURE__*/ $constructor("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = getEnumValues(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    defineLazyInternal(inst, "pattern", (zod) => {
        const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ $constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFile", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        // @ts-ignore
        if (input instanceof File)
            return payload;
        payload.issues.push({
            expected: "file",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodTransform = /*@__PURE__*/ $constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new $ZodAsyncError();
        }
        payload.value = _out;
        return payload;
    };
});
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ $constructor("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    defineLazyInternal(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ $constructor("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNullable = /*@__PURE__*/ $constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : undefined;
    });
    defineLazyInternal(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodDefault = /*@__PURE__*/ $constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
});
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ $constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNonOptional = /*@__PURE__*/ $constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
});
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
const $ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSuccess", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError("ZodSuccess");
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => {
                payload.value = result.issues.length === 0;
                return payload;
            });
        }
        payload.value = result.issues.length === 0;
        return payload;
    };
})));
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ $constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
});
const $ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNaN", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "nan",
                code: "invalid_type",
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodPipe = /*@__PURE__*/ $constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
});
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCodec", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        const direction = ctx.direction || "forward";
        if (direction === "forward") {
            const left = def.in._zod.run(payload, ctx);
            if (left instanceof Promise) {
                return left.then((left) => handleCodecAResult(left, def, ctx));
            }
            return handleCodecAResult(left, def, ctx);
        }
        else {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handleCodecAResult(right, def, ctx));
            }
            return handleCodecAResult(right, def, ctx);
        }
    };
})));
function handleCodecAResult(result, def, ctx) {
    if (result.issues.length) {
        // prevent further checks
        result.aborted = true;
        return result;
    }
    const direction = ctx.direction || "forward";
    if (direction === "forward") {
        const transformed = def.transform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
        }
        return handleCodecTxResult(result, transformed, def.out, ctx);
    }
    else {
        const transformed = def.reverseTransform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
        }
        return handleCodecTxResult(result, transformed, def.in, ctx);
    }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
    // Check if transform added any issues
    if (left.issues.length) {
        left.aborted = true;
        return left;
    }
    return nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
const $ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPreprocess", (inst, def) => {
    $ZodPipe.init(inst, def);
})));
const $ZodReadonly = /*@__PURE__*/ $constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
});
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
// a leaf's pattern source with its own checks folded in: the last pattern-carrying check wins, else length bounds narrow the catch-all, else an integer format narrows the number form. the fold lives here instead of on `_zod.pattern` so a bundle without template literals never pays for it
function leafPattern(schema) {
    const def = schema._zod.def;
    let pattern = def.pattern;
    let isInt = !!def.format?.includes("int");
    let minimum;
    let maximum;
    for (const ch of def.checks ?? []) {
        const d = ch._zod.def;
        if (d.pattern)
            pattern = d.pattern;
        isInt || (isInt = !!d.format?.includes("int"));
        const lo = d.minimum ?? d.length;
        const hi = d.maximum ?? d.length;
        if (lo !== undefined && (minimum === undefined || lo > minimum))
            minimum = lo;
        if (hi !== undefined && (maximum === undefined || hi < maximum))
            maximum = hi;
    }
    if (pattern)
        return pattern.source;
    // an empty range matches nothing at runtime, and `{8,5}` is not a legal quantifier
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
        return "(?!)";
    if (minimum !== undefined || maximum !== undefined)
        return regexes.string({ minimum, maximum }).source;
    const own = schema._zod.pattern;
    return (isInt && own === regexes.number ? regexes.integer : own)?.source;
}
// a part's pattern source. a wrapper's pattern embeds its inner pattern's source verbatim, so the folded form is substituted in place without knowing the wrapper's own composition; a union's options are joined the way the union builds its own pattern
function partPattern(schema) {
    const def = schema._zod.def;
    const own = schema._zod.pattern?.source;
    // lazy resolves its inner on the internals, not the def
    const inner = def.innerType ?? schema._zod.innerType;
    if (inner) {
        const before = inner._zod.pattern?.source;
        const after = partPattern(inner);
        if (own && before && after && after !== before) {
            return own.replace(util.cleanRegex(before), () => util.cleanRegex(after));
        }
        return own;
    }
    if (def.options) {
        const sources = def.options.map(partPattern);
        if (sources.every(Boolean))
            return `^(${sources.map((s) => util.cleanRegex(s)).join("|")})$`;
    }
    return leafPattern(schema);
}
const $ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTemplateLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const regexParts = [];
    for (const part of def.parts) {
        if (typeof part === "object" && part !== null) {
            // is Zod schema
            const source = partPattern(part);
            if (!source) {
                throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
            }
            regexParts.push(util.cleanRegex(source));
        }
        else if (part === null || util.primitiveTypes.has(typeof part)) {
            regexParts.push(util.escapeRegex(`${part}`));
        }
        else {
            throw new Error(`Invalid template literal part: ${part}`);
        }
    }
    inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "string") {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "string",
                code: "invalid_type",
            });
            return payload;
        }
        inst._zod.pattern.lastIndex = 0;
        if (!inst._zod.pattern.test(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                code: "invalid_format",
                format: def.format ?? "template_literal",
                pattern: inst._zod.pattern.source,
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFunction", (inst, def) => {
    $ZodType.init(inst, def);
    // Defined, not assigned: the classic prototype exposes `_def` as a getter with no setter.
    Object.defineProperty(inst, "_def", { value: def });
    inst._zod.def = def;
    inst.implement = (func) => {
        if (typeof func !== "function") {
            throw new Error("implement() must be called with a function");
        }
        // Defined inline so the closure stays anonymous: binding it to a `const` first names it, which costs 256 bytes per implemented function.
        return Object.defineProperty(function (...args) {
            const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args;
            const result = Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return parse(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst.implementAsync = (func) => {
        if (typeof func !== "function") {
            throw new Error("implementAsync() must be called with a function");
        }
        return Object.defineProperty(async function (...args) {
            const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args;
            const result = await Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return await parseAsync(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "function") {
            payload.issues.push({
                code: "invalid_type",
                expected: "function",
                input: payload.value,
                inst,
            });
            return payload;
        }
        // Check if output is a promise type to determine if we should use async implementation
        const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
        if (hasPromiseOutput) {
            payload.value = inst.implementAsync(payload.value);
        }
        else {
            payload.value = inst.implement(payload.value);
        }
        return payload;
    };
    inst.input = (...args) => {
        const F = inst.constructor;
        if (Array.isArray(args[0])) {
            return new F({
                type: "function",
                input: new $ZodTuple({
                    type: "tuple",
                    items: args[0],
                    rest: args[1],
                }),
                output: inst._def.output,
            });
        }
        return new F({
            type: "function",
            input: args[0],
            output: inst._def.output,
        });
    };
    inst.output = (output) => {
        const F = inst.constructor;
        return new F({
            type: "function",
            input: inst._def.input,
            output,
        });
    };
    return inst;
})));
const $ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPromise", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
    };
})));
const $ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLazy", (inst, def) => {
    $ZodType.init(inst, def);
    // Cache the resolved inner type on the shared `def` so all clones of this lazy (e.g. via `.describe()`/`.meta()`) share the same inner instance, preserving identity for cycle detection on recursive schemas.
    util.defineLazy(inst._zod, "innerType", () => {
        const d = def;
        if (!d._cachedInner)
            d._cachedInner = def.getter();
        return d._cachedInner;
    });
    util.defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues);
    util.defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? undefined);
    util.defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? undefined);
    inst._zod.parse = (payload, ctx) => {
        const inner = inst._zod.innerType;
        return inner._zod.run(payload, ctx);
    };
})));
const $ZodCustom = /*@__PURE__*/ $constructor("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
});
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(util_issue(_iss));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/registries.js
var registries_a;
const $output = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodOutput")));
const $input = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodInput")));
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(registries_a = globalThis).__zod_globalRegistry ?? (registries_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/api.js




function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedString(Class, params) {
    return new Class(snapshotChecks({ type: "string", coerce: true, ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mac(Class, params) {
    return new Class({
        type: "string",
        format: "mac",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _creditCard(Class, params) {
    return new Class({
        type: "string",
        format: "credit_card",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _iban(Class, params) {
    return new Class({
        type: "string",
        format: "iban",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
const TimePrecision = {
    Any: null,
    Minute: -1,
    Second: 0,
    Millisecond: 3,
    Microsecond: 6,
};
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedNumber(Class, params) {
    return new Class(snapshotChecks({ type: "number", coerce: true, checks: [], ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float64(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "int32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "uint32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBoolean(Class, params) {
    return new Class({
        type: "boolean",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _bigint(Class, params) {
    return new Class({
        type: "bigint",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBigint(Class, params) {
    return new Class({
        type: "bigint",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "int64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "uint64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _symbol(Class, params) {
    return new Class({
        type: "symbol",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_undefined(Class, params) {
    return new Class({
        type: "undefined",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_null(Class, params) {
    return new Class({
        type: "null",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _any(Class) {
    return new Class({
        type: "any",
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _void(Class, params) {
    return new Class({
        type: "void",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _date(Class, params) {
    return new Class({
        type: "date",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedDate(Class, params) {
    return new Class({
        type: "date",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nan(Class, params) {
    return new Class({
        type: "nan",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _positive(params) {
    return _gt(0, params);
}
// negative
// @__NO_SIDE_EFFECTS__
function _negative(params) {
    return _lt(0, params);
}
// nonpositive
// @__NO_SIDE_EFFECTS__
function _nonpositive(params) {
    return _lte(0, params);
}
// nonnegative
// @__NO_SIDE_EFFECTS__
function _nonnegative(params) {
    return _gte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new $ZodCheckMultipleOf({
        check: "multiple_of",
        ...normalizeParams(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxSize(maximum, params) {
    return new checks.$ZodCheckMaxSize({
        check: "max_size",
        ...util.normalizeParams(params),
        maximum,
    });
}
// @__NO_SIDE_EFFECTS__
function _minSize(minimum, params) {
    return new checks.$ZodCheckMinSize({
        check: "min_size",
        ...util.normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _size(size, params) {
    return new checks.$ZodCheckSizeEquals({
        check: "size_equals",
        ...util.normalizeParams(params),
        size,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new $ZodCheckMaxLength({
        check: "max_length",
        ...normalizeParams(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new $ZodCheckMinLength({
        check: "min_length",
        ...normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new $ZodCheckLengthEquals({
        check: "length_equals",
        ...normalizeParams(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new $ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...normalizeParams(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new $ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new $ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new $ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...normalizeParams(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new $ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...normalizeParams(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new $ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...normalizeParams(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _property(property, schema, params) {
    return new checks.$ZodCheckProperty({
        check: "property",
        property,
        schema,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _properties(shape, params) {
    return new $ZodCheckProperties({
        check: "properties",
        shape,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mime(types, params) {
    return new checks.$ZodCheckMimeType({
        check: "mime_type",
        mime: types,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new $ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _union(Class, options, params) {
    return new Class({
        type: "union",
        options,
        ...util.normalizeParams(params),
    });
}
function _xor(Class, options, params) {
    return new Class({
        type: "union",
        options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _discriminatedUnion(Class, discriminator, options, params) {
    return new Class({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _intersection(Class, left, right) {
    return new Class({
        type: "intersection",
        left,
        right,
    });
}
// export function _tuple(
//   Class: util.SchemaClass<schemas.$ZodTuple>,
//   items: [],
//   params?: string | $ZodTupleParams
// ): schemas.$ZodTuple<[], null>;
// @__NO_SIDE_EFFECTS__
function _tuple(Class, items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof schemas.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new Class({
        type: "tuple",
        items,
        rest,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _record(Class, keyType, valueType, params) {
    return new Class({
        type: "record",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _map(Class, keyType, valueType, params) {
    return new Class({
        type: "map",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _set(Class, valueType, params) {
    return new Class({
        type: "set",
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _enum(Class, values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    // if (Array.isArray(values)) {
    //   for (const value of values) {
    //     entries[value] = value;
    //   }
    // } else {
    //   Object.assign(entries, values);
    // }
    // const entries: util.EnumLike = {};
    // for (const val of values) {
    //   entries[val] = val;
    // }
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function _nativeEnum(Class, entries, params) {
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _literal(Class, value, params) {
    return new Class({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _file(Class, params) {
    return new Class({
        type: "file",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _transform(Class, fn) {
    return new Class({
        type: "transform",
        transform: fn,
    });
}
// @__NO_SIDE_EFFECTS__
function _optional(Class, innerType) {
    return new Class({
        type: "optional",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _nullable(Class, innerType) {
    return new Class({
        type: "nullable",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _default(Class, innerType, defaultValue) {
    return new Class({
        type: "default",
        innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
// @__NO_SIDE_EFFECTS__
function _nonoptional(Class, innerType, params) {
    return new Class({
        type: "nonoptional",
        innerType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _success(Class, innerType) {
    return new Class({
        type: "success",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _catch(Class, innerType, catchValue) {
    return new Class({
        type: "catch",
        innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : util.constantCatch(catchValue)),
    });
}
// @__NO_SIDE_EFFECTS__
function _pipe(Class, in_, out) {
    return new Class({
        type: "pipe",
        in: in_,
        out,
    });
}
// @__NO_SIDE_EFFECTS__
function _readonly(Class, innerType) {
    return new Class({
        type: "readonly",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _templateLiteral(Class, parts, params) {
    return new Class({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lazy(Class, getter) {
    return new Class({
        type: "lazy",
        getter,
    });
}
// @__NO_SIDE_EFFECTS__
function _promise(Class, innerType) {
    return new Class({
        type: "promise",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class, fn, _params) {
    const norm = util.normalizeParams(_params);
    norm.abort ?? (norm.abort = true); // default to abort:false
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...norm,
    });
    return schema;
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...normalizeParams(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util_issue(issue, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(util_issue(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new $ZodCheck({
        check: "custom",
        ...normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
// @__NO_SIDE_EFFECTS__
function describe(description) {
    const ch = new $ZodCheck({ check: "describe" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, description });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function meta(metadata) {
    const ch = new $ZodCheck({ check: "meta" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, ...metadata });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _stringbool(Classes, _params) {
    const params = util.normalizeParams(_params);
    let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
    let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
    if (params.case !== "sensitive") {
        truthyArray = truthyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
        falsyArray = falsyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
    }
    const truthySet = new Set(truthyArray);
    const falsySet = new Set(falsyArray);
    const _Codec = Classes.Codec ?? schemas.$ZodCodec;
    const _Boolean = Classes.Boolean ?? schemas.$ZodBoolean;
    const _String = Classes.String ?? schemas.$ZodString;
    const stringSchema = new _String({ type: "string", error: params.error });
    const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
    const codec = new _Codec({
        type: "pipe",
        in: stringSchema,
        out: booleanSchema,
        transform: ((input, payload) => {
            let data = input;
            if (params.case !== "sensitive")
                data = data.toLowerCase();
            if (truthySet.has(data)) {
                return true;
            }
            else if (falsySet.has(data)) {
                return false;
            }
            else {
                payload.issues.push({
                    code: "invalid_value",
                    expected: "stringbool",
                    values: [...truthySet, ...falsySet],
                    input: payload.value,
                    inst: codec,
                    continue: false,
                });
                return {};
            }
        }),
        reverseTransform: ((input, _payload) => {
            if (input === true) {
                return truthyArray[0] || "true";
            }
            else {
                return falsyArray[0] || "false";
            }
        }),
        error: params.error,
    });
    codec._zod.bag.truthy = truthyArray;
    codec._zod.bag.falsy = falsyArray;
    codec._zod.bag.case = params.case ?? "insensitive";
    return codec;
}
// @__NO_SIDE_EFFECTS__
function _stringFormat(Class, format, fnOrRegex, _params = {}) {
    const params = util.normalizeParams(_params);
    const def = {
        check: "string_format",
        type: "string",
        format,
        fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
        ...params,
    };
    if (fnOrRegex instanceof RegExp) {
        def.pattern = fnOrRegex;
    }
    const inst = new Class(def);
    return inst;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/to-json-schema.js


function assignProps(target, ...sources) {
    for (const source of sources) {
        for (const key of Reflect.ownKeys(source)) {
            if (Object.prototype.propertyIsEnumerable.call(source, key)) {
                util_assignProp(target, key, source[key]);
            }
        }
    }
    return target;
}
// function initializeContext<T extends schemas.$ZodType>(inputs: JSONSchemaGeneratorParams<T>): ToJSONSchemaContext<T> {
//   return {
//     processor: inputs.processor,
//     metadataRegistry: inputs.metadata ?? globalRegistry,
//     target: inputs.target ?? "draft-2020-12",
//     unrepresentable: inputs.unrepresentable ?? "throw",
//   };
// }
function to_json_schema_initializeContext(params) {
    // Normalize target: convert old non-hyphenated versions to hyphenated versions
    let target = params?.target ?? "draft-2020-12";
    if (target === "draft-4")
        target = "draft-04";
    if (target === "draft-7")
        target = "draft-07";
    return {
        processors: params.processors ?? {},
        metadataRegistry: params?.metadata ?? globalRegistry,
        target,
        unrepresentable: params?.unrepresentable ?? "throw",
        override: params?.override ?? (() => { }),
        io: params?.io ?? "output",
        counter: 0,
        seen: new Map(),
        sharedDefsExtractedFor: undefined,
        sharedEmitDoneFor: undefined,
        cycles: params?.cycles ?? "ref",
        reused: params?.reused ?? "inline",
        intersections: [],
        deferred: [],
        external: params?.external ?? undefined,
    };
}
/**
 * Applies the `unrepresentable` setting at a site that has no JSON Schema equivalent. Throws
 * `message` unless the setting (or the handler's return value) says otherwise. Returns `true` if a
 * custom JSON Schema was written into `json`, in which case the caller must not write its own.
 */
function handleUnrepresentable(schema, ctx, json, params, message) {
    const result = typeof ctx.unrepresentable === "function"
        ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message })
        : ctx.unrepresentable;
    if (result === "any")
        return false;
    if (result === undefined || result === "throw")
        throw new Error(message);
    Object.assign(json, result);
    return true;
}
// never rename this back to `process`: bundler polyfills inject a top-level `const process` that a lexical declaration of the same name collides with (#6397)
function to_json_schema_processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
    var _a;
    const def = schema._zod.def;
    // check for schema in seens
    const seen = ctx.seen.get(schema);
    if (seen) {
        seen.count++;
        // check if cycle
        const isCycle = _params.schemaPath.includes(schema);
        if (isCycle) {
            seen.cycle = _params.path;
        }
        return seen.schema;
    }
    // initialize
    const result = { schema: {}, count: 1, cycle: undefined, path: _params.path };
    ctx.seen.set(schema, result);
    ctx.sharedDefsExtractedFor = undefined;
    ctx.sharedEmitDoneFor = undefined;
    // custom method overrides default behavior
    const overrideSchema = schema._zod.toJSONSchema?.();
    if (overrideSchema) {
        result.schema = overrideSchema;
    }
    else {
        const params = {
            ..._params,
            schemaPath: [..._params.schemaPath, schema],
            path: _params.path,
        };
        if (schema._zod.processJSONSchema) {
            schema._zod.processJSONSchema(ctx, result.schema, params);
        }
        else {
            const _json = result.schema;
            const processor = ctx.processors[def.type];
            if (!processor) {
                throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
            }
            processor(schema, ctx, _json, params);
        }
        const parent = schema._zod.parent;
        if (parent) {
            // Also set ref if processor didn't (for inheritance)
            if (!result.ref)
                result.ref = parent;
            to_json_schema_processSchema(parent, ctx, params);
            ctx.seen.get(parent).isParent = true;
        }
    }
    // metadata
    const meta = ctx.metadataRegistry.get(schema);
    if (meta)
        assignProps(result.schema, meta);
    if (ctx.io === "input" && isTransforming(schema)) {
        // examples/defaults only apply to output type of pipe
        delete result.schema.examples;
        delete result.schema.default;
    }
    // set prefault as default
    if (ctx.io === "input" && "_prefault" in result.schema)
        (_a = result.schema).default ?? (_a.default = result.schema._prefault);
    delete result.schema._prefault;
    // pulling fresh from ctx.seen in case it was overwritten
    const _result = ctx.seen.get(schema);
    return _result.schema;
}
/** @deprecated Renamed to `processSchema`. An export alias declares no binding, so it is safe to keep. */

// Escape a reference token for use in a JSON Pointer fragment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`. The `~` replacement must run first.
function encodeJSONPointerSegment(segment) {
    return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function to_json_schema_extractDefs(ctx, schema
// params: EmitParams
) {
    // iterate over seen map;
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // With `external` set, every registered schema resolves through the external branch of `makeURI`, so the root branch below produces the same ref the external branch would — this pass is identical whichever schema it is called with, and only needs to run once.
    if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
        return;
    // Track ids to detect duplicates across different schemas
    const idToSchema = new Map();
    for (const entry of ctx.seen.entries()) {
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            const existing = idToSchema.get(id);
            if (existing && existing !== entry[0]) {
                throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
            }
            idToSchema.set(id, entry[0]);
        }
    }
    // returns a ref to the schema defId will be empty if the ref points to an external schema (or #)
    const makeURI = (entry) => {
        // comparing the seen objects because sometimes multiple schemas map to the same seen object. e.g. lazy
        // external is configured
        const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
        if (ctx.external) {
            const externalId = ctx.external.registry.get(entry[0])?.id; // ?? "__shared";// `__schema${ctx.counter++}`;
            // check if schema is in the external registry
            const uriGenerator = ctx.external.uri ?? ((id) => id);
            if (externalId) {
                return { ref: uriGenerator(externalId) };
            }
            // otherwise, add to __shared
            const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
            entry[1].defId = id; // set defId so it will be reused if needed
            return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
        }
        const uriPrefix = `#`;
        const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
        // an id-less root has nowhere to be extracted to, so it stays inline and self-references as `#`
        if (entry[1] === root && !entry[1].schema.id) {
            return { ref: uriPrefix };
        }
        // self-contained schema
        const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
        return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
    };
    // stored cached version in `def` property remove all properties, set $ref
    const extractToDef = (entry) => {
        // if the schema is already a reference, do not extract it
        if (entry[1].schema.$ref) {
            return;
        }
        const seen = entry[1];
        const { ref, defId } = makeURI(entry);
        seen.def = { ...seen.schema };
        // defId won't be set if the schema is a reference to an external schema or if the schema is the root schema
        if (defId)
            seen.defId = defId;
        // wipe away all properties except $ref
        const schema = seen.schema;
        for (const key in schema) {
            delete schema[key];
        }
        schema.$ref = ref;
    };
    // throw on cycles
    // break cycles
    if (ctx.cycles === "throw") {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.cycle) {
                throw new Error("Cycle detected: " +
                    `#/${seen.cycle?.join("/")}/<root>` +
                    '\n\nSet the `cycles` parameter to `"ref"` to resolve cyclical schemas with defs.');
            }
        }
    }
    // extract schemas into $defs
    for (const entry of ctx.seen.entries()) {
        const seen = entry[1];
        // convert root schema to # $ref
        if (schema === entry[0]) {
            extractToDef(entry); // this has special handling for the root schema
            continue;
        }
        // extract schemas that are in the external registry
        if (ctx.external) {
            const ext = ctx.external.registry.get(entry[0])?.id;
            if (schema !== entry[0] && ext) {
                extractToDef(entry);
                continue;
            }
        }
        // extract schemas with `id` meta
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            extractToDef(entry);
            continue;
        }
        // break cycles
        if (seen.cycle) {
            // any
            extractToDef(entry);
            continue;
        }
        // extract reused schemas
        if (seen.count > 1) {
            if (ctx.reused === "ref") {
                extractToDef(entry);
            }
        }
    }
    if (ctx.external)
        ctx.sharedDefsExtractedFor = ctx.external;
}
/** Rewrites `anyOf: [{type: "a"}, {type: "b"}]` to `type: ["a", "b"]`, which every JSON Schema draft treats as equivalent and most consumers render far better for the nullable case. Only branches that are a bare type assertion qualify — anything carrying a constraint, `$ref`, `const` or metadata is left alone. Runs after `flattenRef`, so a branch an override decorated or `$defs` extraction turned into a `$ref` is no longer bare and correctly stays in `anyOf`. `oneOf` is excluded: `integer` and `number` overlap, so "exactly one" and "at least one" are not the same there. OpenAPI 3.0 is excluded: its `type` must be a single string. */
function compactTypeUnion(schema) {
    const options = schema.anyOf;
    if (!Array.isArray(options) || options.length === 0 || schema.type !== undefined)
        return;
    const types = [];
    for (const option of options) {
        if (!option || typeof option !== "object")
            return;
        // A branch that is itself a compactible union folds into this one — nested `anyOf` and a flat `type` array say the same thing. Compacting it first also makes the result independent of the order this pass walks the seen map in.
        compactTypeUnion(option);
        const keys = Object.keys(option);
        if (keys.length !== 1 || keys[0] !== "type")
            return;
        const type = option.type;
        for (const member of Array.isArray(type) ? type : [type]) {
            if (typeof member !== "string")
                return;
            if (!types.includes(member))
                types.push(member);
        }
    }
    delete schema.anyOf;
    // A `type` array must be non-empty and unique (metaschema); a single member is spelled as a bare string.
    schema.type = types.length === 1 ? types[0] : types;
}
/** Keywords `foldIntersection` knows how to combine. Anything else — `$ref`, `patternProperties`,
 * an annotation like `description` — makes a member unfoldable, so a constraint this does not
 * understand leaves the `allOf` alone instead of being silently dropped or misattributed. */
const FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const UNION_KEYS = ["oneOf", "anyOf"];
/** A member's constraint on a key it does not declare itself. A `catchall` states one; `false`, an absent `additionalProperties`, and the empty schema a loose object emits state nothing. */
function undeclaredConstraint(member) {
    const extra = member.additionalProperties;
    if (extra === undefined || extra === false || typeof extra !== "object" || extra === null)
        return null;
    return Object.keys(extra).length ? extra : null;
}
/** Combines object members into the single object they describe together, or returns `null` if any of them carries a keyword outside {@link FOLDABLE_KEYS}. */
function foldObjects(members) {
    const objects = [];
    for (const member of members) {
        // A boolean subschema is legal JSON Schema and carries no keywords to fold.
        if (typeof member !== "object" || member.type !== "object")
            return null;
        for (const key in member) {
            if (!FOLDABLE_KEYS.has(key))
                return null;
        }
        objects.push(member);
    }
    const properties = {};
    const required = new Set();
    for (const object of objects) {
        for (const key in object.properties) {
            // `in` would report a `__proto__` key as already present via the prototype chain and skip it.
            if (Object.prototype.hasOwnProperty.call(properties, key))
                continue;
            // Every member constrains this key: the ones that declare it say how, and a `catchall` member constrains it too even though it does not name it. The key has to satisfy all of them, which is the same intersection one level down.
            const parts = [];
            for (const other of objects) {
                const part = other.properties?.[key] ?? undeclaredConstraint(other);
                if (part === null || part === undefined)
                    continue;
                if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
                    parts.push(part);
            }
            const merged = parts.length === 1
                ? parts[0]
                : (foldObjects(parts) ?? { allOf: parts });
            util_assignProp(properties, key, merged);
        }
        for (const key of object.required ?? [])
            required.add(key);
    }
    const folded = { type: "object", properties };
    if (required.size)
        folded.required = [...required];
    // A key no member declares is rejected only when every member rejects it, so the fold is closed only when every member is. Otherwise it carries whatever the `catchall` members demand of such a key.
    if (objects.every((object) => object.additionalProperties === false)) {
        folded.additionalProperties = false;
    }
    else {
        const constraints = [];
        for (const object of objects) {
            const constraint = undeclaredConstraint(object);
            if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
                constraints.push(constraint);
        }
        if (constraints.length === 1)
            folded.additionalProperties = constraints[0];
        else if (constraints.length > 1)
            folded.additionalProperties = { allOf: constraints };
    }
    return folded;
}
/** `additionalProperties` in an `allOf` member sees only that member's own `properties`, so two
 * closed object members reject each other's keys and the schema validates nothing. Zod's parser
 * pools the key sets instead — `handleIntersectionResults` reports a key as unrecognized only when
 * *every* side rejects it — so the emitted schema has to pool them too, and folding the members
 * into one object is the encoding that says so on every target.
 *
 * This runs from `finalize`, after `extractDefs`, which is what keeps it clear of the `$ref`
 * machinery: a member extracted into `$defs` is already a `$ref` by now and declines to fold, so it
 * keeps its reference and its own closedness rather than being inlined as a stale copy. */
function foldIntersection(json) {
    const allOf = json.allOf;
    if (!Array.isArray(allOf) || allOf.length < 2)
        return;
    // An `override` runs before this pass and may have written object keywords onto the intersection itself. Those are deliberate, so decline rather than overwrite them.
    for (const key of FOLDABLE_KEYS)
        if (key in json)
            return;
    // An intersection distributes over a union: `A & (X | Y)` is `(A & X) | (A & Y)`. Only the first union is distributed over; a second one stays among the members every branch folds against, where it fails the object check and declines the whole intersection rather than multiplying out.
    const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
    let folded = null;
    if (!unions.length) {
        folded = foldObjects(allOf);
    }
    else {
        const union = unions[0];
        const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
        if (Object.keys(union).length !== 1)
            return;
        const rest = allOf.filter((m) => m !== union);
        const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
        if (branches.some((b) => !b))
            return;
        folded = { [keyword]: branches };
    }
    if (!folded)
        return;
    delete json.allOf;
    assignProps(json, folded);
}
function to_json_schema_finalize(ctx, schema) {
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // flatten refs - inherit properties from parent schemas
    const flattenRef = (zodSchema) => {
        const seen = ctx.seen.get(zodSchema);
        // already processed
        if (seen.ref === null)
            return;
        const schema = seen.def ?? seen.schema;
        const _cached = { ...schema };
        const ref = seen.ref;
        seen.ref = null; // prevent infinite recursion
        if (ref) {
            flattenRef(ref);
            const refSeen = ctx.seen.get(ref);
            const refSchema = refSeen.schema;
            // merge referenced schema into current
            if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
                // older drafts can't combine $ref with other properties
                schema.allOf = schema.allOf ?? [];
                schema.allOf.push(refSchema);
            }
            else {
                assignProps(schema, refSchema);
            }
            // restore child's own properties (child wins)
            assignProps(schema, _cached);
            const isParentRef = zodSchema._zod.parent === ref;
            // For parent chain, child is a refinement - remove parent-only properties
            if (isParentRef) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (!(key in _cached)) {
                        delete schema[key];
                    }
                }
            }
            // When ref was extracted to $defs, remove properties that match the definition
            if (refSchema.$ref && refSeen.def) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (key in refSeen.def && JSON.stringify(schema[key]) === JSON.stringify(refSeen.def[key])) {
                        delete schema[key];
                    }
                }
            }
        }
        // If parent was extracted (has $ref), propagate $ref to this schema. This handles cases like: readonly().meta({id}).describe() where processor sets ref to innerType but parent should be referenced
        const parent = zodSchema._zod.parent;
        if (parent && parent !== ref) {
            // Ensure parent is processed first so its def has inherited properties
            flattenRef(parent);
            const parentSeen = ctx.seen.get(parent);
            if (parentSeen?.schema.$ref) {
                schema.$ref = parentSeen.schema.$ref;
                // De-duplicate with parent's definition
                if (parentSeen.def) {
                    for (const key in schema) {
                        if (key === "$ref" || key === "allOf")
                            continue;
                        if (key in parentSeen.def && JSON.stringify(schema[key]) === JSON.stringify(parentSeen.def[key])) {
                            delete schema[key];
                        }
                    }
                }
            }
        }
        // execute overrides
        ctx.override({
            zodSchema: zodSchema,
            jsonSchema: schema,
            path: seen.path ?? [],
        });
    };
    // Flattening walks the whole map and clears each `ref` as it goes, so a second call over the same map is a no-op scan. Skip it outright once it has run for a registry conversion.
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of [...ctx.seen.entries()].reverse()) {
            flattenRef(entry[0]);
        }
        if (ctx.target !== "openapi-3.0") {
            for (const entry of ctx.seen.entries()) {
                compactTypeUnion(entry[1].def ?? entry[1].schema);
            }
        }
        for (const rewrite of ctx.deferred)
            rewrite();
        // After flattening, every member that was extracted is a `$ref`, so the fold sees the final shape. A schema that inherits an intersection — through `z.lazy`, or any `ref` chain — holds the same `allOf` array, so fold by array identity to catch every copy.
        if (ctx.intersections.length) {
            const carriers = new Map();
            for (const seen of ctx.seen.values()) {
                for (const json of [seen.schema, seen.def]) {
                    const allOf = json?.allOf;
                    if (!Array.isArray(allOf))
                        continue;
                    const existing = carriers.get(allOf);
                    if (existing)
                        existing.push(json);
                    else
                        carriers.set(allOf, [json]);
                }
            }
            for (const allOf of ctx.intersections) {
                for (const json of carriers.get(allOf) ?? [])
                    foldIntersection(json);
            }
        }
    }
    const result = {};
    if (ctx.target === "draft-2020-12") {
        result.$schema = "https://json-schema.org/draft/2020-12/schema";
    }
    else if (ctx.target === "draft-07") {
        result.$schema = "http://json-schema.org/draft-07/schema#";
    }
    else if (ctx.target === "draft-04") {
        result.$schema = "http://json-schema.org/draft-04/schema#";
    }
    else if (ctx.target === "openapi-3.0") {
        // OpenAPI 3.0 schema objects should not include a $schema property
    }
    else {
        // Arbitrary string values are allowed but won't have a $schema property set
    }
    if (ctx.external?.uri) {
        const id = ctx.external.registry.get(schema)?.id;
        if (!id)
            throw new Error("Schema is missing an `id` property");
        result.$id = ctx.external.uri(id);
    }
    // when the root was extracted into $defs, `root.schema` is the `$ref` wrapper and `root.def` is the body that now lives under $defs
    assignProps(result, root.defId ? root.schema : (root.def ?? root.schema));
    // The `id` in `.meta()` is a Zod-specific registration tag used to extract schemas into $defs — it is not user-facing JSON Schema metadata. Strip it from the output body where it would otherwise leak. The id is preserved implicitly via the $defs key (and via $ref paths).
    const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
    if (rootMetaId !== undefined && result.id === rootMetaId)
        delete result.id;
    // build defs object. With `external`, `defs` is the shared object every schema writes into, so the same entries are reassigned on every call. Without it, `defs` is fresh per call and must be rebuilt.
    const defs = ctx.external?.defs ?? {};
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.def && seen.defId) {
                if (seen.def.id === seen.defId)
                    delete seen.def.id;
                util_assignProp(defs, seen.defId, seen.def);
            }
        }
    }
    if (ctx.external)
        ctx.sharedEmitDoneFor = ctx.external;
    // set definitions in result
    if (ctx.external) {
    }
    else {
        if (Object.keys(defs).length > 0) {
            if (ctx.target === "draft-2020-12") {
                result.$defs = defs;
            }
            else {
                result.definitions = defs;
            }
        }
    }
    try {
        // this "finalizes" this schema and ensures all cycles are removed each call to finalize() is functionally independent though the seen map is shared
        const finalized = JSON.parse(JSON.stringify(result));
        Object.defineProperty(finalized, "~standard", {
            value: {
                ...schema["~standard"],
                jsonSchema: {
                    input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
                    output: createStandardJSONSchemaMethod(schema, "output", ctx.processors),
                },
            },
            enumerable: false,
            writable: false,
        });
        return finalized;
    }
    catch (_err) {
        throw new Error("Error converting schema to JSON.");
    }
}
function isTransforming(_schema, _ctx) {
    const ctx = _ctx ?? { seen: new Set() };
    if (ctx.seen.has(_schema))
        return false;
    ctx.seen.add(_schema);
    const def = _schema._zod.def;
    if (def.type === "transform")
        return true;
    if (def.type === "array")
        return isTransforming(def.element, ctx);
    if (def.type === "set")
        return isTransforming(def.valueType, ctx);
    if (def.type === "lazy")
        return isTransforming(def.getter(), ctx);
    if (def.type === "promise" ||
        def.type === "optional" ||
        def.type === "nonoptional" ||
        def.type === "nullable" ||
        def.type === "readonly" ||
        def.type === "default" ||
        def.type === "prefault" ||
        def.type === "catch") {
        return isTransforming(def.innerType, ctx);
    }
    if (def.type === "intersection") {
        return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
    }
    if (def.type === "record" || def.type === "map") {
        return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
    }
    if (def.type === "pipe") {
        if (_schema._zod.traits.has("$ZodCodec"))
            return true;
        return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
    }
    if (def.type === "object") {
        for (const key in def.shape) {
            if (isTransforming(def.shape[key], ctx))
                return true;
        }
        return false;
    }
    if (def.type === "union") {
        for (const option of def.options) {
            if (isTransforming(option, ctx))
                return true;
        }
        return false;
    }
    if (def.type === "tuple") {
        for (const item of def.items) {
            if (isTransforming(item, ctx))
                return true;
        }
        if (def.rest && isTransforming(def.rest, ctx))
            return true;
        return false;
    }
    return false;
}
/**
 * Creates a toJSONSchema method for a schema instance.
 * This encapsulates the logic of initializing context, processing, extracting defs, and finalizing.
 */
const createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
    const ctx = to_json_schema_initializeContext({ ...params, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};
const createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
    const { libraryOptions, target } = params ?? {};
    const ctx = to_json_schema_initializeContext({ ...(libraryOptions ?? {}), target, io, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/json-schema-processors.js




const narrowMin = (agg, key, value) => {
    if (agg[key] === undefined || value > agg[key])
        agg[key] = value;
};
const narrowMax = (agg, key, value) => {
    if (agg[key] === undefined || value < agg[key])
        agg[key] = value;
};
const narrowBoth = (agg, value) => {
    narrowMin(agg, "minimum", value);
    narrowMax(agg, "maximum", value);
};
const addDivisor = (agg, value) => {
    agg.multipleOf ?? (agg.multipleOf = []);
    if (!agg.multipleOf.includes(value))
        agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
    agg.patterns ?? (agg.patterns = new Set());
    agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
    agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
// last-wins, matching the bag's historical write order; the flag keeps an integer format from being lost to a later float one
const setFormat = (agg, format) => {
    agg.format = format;
    if (format.includes("int"))
        agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
const formatContributor = (ranges) => (agg, def) => {
    setFormat(agg, def.format);
    const [minimum, maximum] = ranges[def.format];
    narrowMin(agg, "minimum", minimum);
    narrowMax(agg, "maximum", maximum);
};
const contributors = {
    greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
    less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
    multiple_of: (agg, def) => addDivisor(agg, def.value),
    number_format: formatContributor(NUMBER_FORMAT_RANGES),
    bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
    min_length: minContributor,
    max_length: maxContributor,
    length_equals: (agg, def) => narrowBoth(agg, def.length),
    min_size: minContributor,
    max_size: maxContributor,
    size_equals: (agg, def) => narrowBoth(agg, def.size),
    string_format: (agg, def) => {
        setFormat(agg, def.format);
        if (def.pattern)
            addPattern(agg, def.pattern);
        if (def.format === "base64" || def.format === "base64url")
            agg.contentEncoding = def.format;
        if (def.local || def.precision === -1)
            agg.laxFormat = true;
    },
    mime_type: (agg, def) => intersectMime(agg, def.mime),
};
function aggregateChecks(schema) {
    const agg = {};
    const def = schema._zod.def;
    // a format schema is its own first check, same rule as $ZodType init
    const list = schema._zod.traits.has("$ZodCheck")
        ? [schema, ...(def.checks ?? [])]
        : (def.checks ?? []);
    for (const ch of list)
        contributors[ch._zod.def.check]?.(agg, ch._zod.def);
    // reconcile with the bag so third-party onattach contributions still land; first-party residue is never tighter than the fold, so merging it back is idempotent for one and additive for the other
    const bag = schema._zod.bag;
    if (bag.minimum !== undefined)
        narrowMin(agg, "minimum", bag.minimum);
    if (bag.exclusiveMinimum !== undefined)
        narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
    if (bag.maximum !== undefined)
        narrowMax(agg, "maximum", bag.maximum);
    if (bag.exclusiveMaximum !== undefined)
        narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
    if (bag.multipleOf !== undefined)
        addDivisor(agg, bag.multipleOf);
    if (bag.format !== undefined) {
        agg.format ?? (agg.format = bag.format);
        if (bag.format.includes("int"))
            agg.isInt = true;
    }
    if (bag.mime)
        intersectMime(agg, bag.mime);
    for (const pattern of bag.patterns ?? [])
        addPattern(agg, pattern);
    return agg;
}
const formatMap = {
    guid: "uuid",
    url: "uri",
    datetime: "date-time",
    json_string: "json-string",
    regex: "", // do not set
};
// ==================== SIMPLE TYPE PROCESSORS ====================
// the runtime patterns are lax so parse paths never overflow the regex stack; the emitted schema swaps in the exact block forms, which zod itself never executes
const exactPatterns = new Map([
    [base64Charset, base64],
    [base64urlCharset, base64url],
]);
const exactPattern = (p) => exactPatterns.get(p) ?? p;
const stringProcessor = (schema, ctx, _json, _params) => {
    const json = _json;
    json.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minLength = minimum;
    if (typeof maximum === "number")
        json.maxLength = maximum;
    // custom pattern overrides format
    if (format) {
        json.format = formatMap[format] ?? format;
        if (json.format === "")
            delete json.format; // empty format is not valid
        // `z.iso.time()` is never full-time, and `laxFormat` carries the datetime shapes that also accept what their keyword forbids
        if (format === "time" || laxFormat) {
            delete json.format;
        }
    }
    if (contentEncoding)
        json.contentEncoding = contentEncoding;
    if (patterns && patterns.size > 0) {
        const patternList = [...patterns].map(exactPattern);
        if (patternList.length === 1)
            json.pattern = patternList[0].source;
        else if (patternList.length > 1) {
            json.allOf = [
                ...patternList.map((regex) => ({
                    ...(ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0"
                        ? { type: "string" }
                        : {}),
                    pattern: regex.source,
                })),
            ];
        }
    }
};
const numberProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
    json.type = isInt ? "integer" : "number";
    // when both minimum and exclusiveMinimum exist, pick the more restrictive one
    const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
    const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
    const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (exMin) {
        if (legacy) {
            json.minimum = exclusiveMinimum;
            json.exclusiveMinimum = true;
        }
        else {
            json.exclusiveMinimum = exclusiveMinimum;
        }
    }
    else if (typeof minimum === "number") {
        json.minimum = minimum;
    }
    if (exMax) {
        if (legacy) {
            json.maximum = exclusiveMaximum;
            json.exclusiveMaximum = true;
        }
        else {
            json.exclusiveMaximum = exclusiveMaximum;
        }
    }
    else if (typeof maximum === "number") {
        json.maximum = maximum;
    }
    if (multipleOf) {
        // JSON Schema requires a divisor strictly greater than zero, and a non-finite one does not survive JSON at all. A negative divisor accepts exactly what its absolute value accepts, so it still maps; zero, NaN and Infinity have no keyword form.
        const divisors = new Set();
        for (const divisor of multipleOf) {
            if (Number.isFinite(divisor) && divisor !== 0)
                divisors.add(Math.abs(divisor));
            else
                handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
        }
        // chained divisors are a conjunction the keyword cannot carry alone, so extras ride an allOf, same as stacked patterns
        const [first, ...rest] = divisors;
        if (first !== undefined)
            json.multipleOf = first;
        if (rest.length)
            json.allOf = [...(json.allOf ?? []), ...rest.map((m) => ({ multipleOf: m }))];
    }
};
const booleanProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const bigintProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "BigInt cannot be represented in JSON Schema");
};
const symbolProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Symbols cannot be represented in JSON Schema");
};
const nullProcessor = (_schema, ctx, json, _params) => {
    if (ctx.target === "openapi-3.0") {
        json.type = "string";
        json.nullable = true;
        json.enum = [null];
    }
    else {
        json.type = "null";
    }
};
const undefinedProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
const voidProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Void cannot be represented in JSON Schema");
};
const neverProcessor = (_schema, _ctx, json, _params) => {
    json.not = {};
};
const anyProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const unknownProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const dateProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
};
const enumProcessor = (schema, _ctx, json, _params) => {
    const def = schema._zod.def;
    const values = getEnumValues(def.entries);
    // an empty enum accepts nothing, same as z.never()
    if (values.length === 0) {
        json.not = {};
        return;
    }
    // Number enums can have both string and number values
    if (values.every((v) => typeof v === "number"))
        json.type = "number";
    if (values.every((v) => typeof v === "string"))
        json.type = "string";
    json.enum = values;
};
const literalProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // a literal with no values accepts nothing, same as z.never()
    if (def.values.length === 0) {
        json.not = {};
        return;
    }
    const vals = [];
    for (const val of def.values) {
        if (val === undefined) {
            // a custom schema replaces the whole literal, so there is nothing left to accumulate
            if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
                return;
            // otherwise do not add to vals
        }
        else if (typeof val === "bigint") {
            if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
                return;
            vals.push(Number(val));
        }
        else {
            vals.push(val);
        }
    }
    if (vals.length === 0) {
        // do nothing (an undefined literal was stripped)
    }
    else if (vals.length === 1) {
        const val = vals[0];
        json.type = val === null ? "null" : typeof val;
        if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
            json.enum = [val];
        }
        else {
            json.const = val;
        }
    }
    else {
        if (vals.every((v) => typeof v === "number"))
            json.type = "number";
        if (vals.every((v) => typeof v === "string"))
            json.type = "string";
        if (vals.every((v) => typeof v === "boolean"))
            json.type = "boolean";
        if (vals.every((v) => v === null))
            json.type = "null";
        json.enum = vals;
    }
};
const nanProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "NaN cannot be represented in JSON Schema");
};
const templateLiteralProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    const pattern = schema._zod.pattern;
    if (!pattern)
        throw new Error("Pattern not found in template literal");
    _json.type = "string";
    _json.pattern = pattern.source;
};
const fileProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    _json.type = "string";
    _json.format = "binary";
    _json.contentEncoding = "binary";
    const { minimum, maximum, mime } = aggregateChecks(schema);
    if (minimum !== undefined)
        _json.minLength = minimum;
    if (maximum !== undefined)
        _json.maxLength = maximum;
    if (!mime)
        return;
    // an empty intersection means the mime checks share no value, so nothing passes at runtime; `anyOf` must be non-empty, so the false schema is `not: {}`
    if (mime.length === 0)
        _json.not = {};
    else if (mime.length === 1)
        _json.contentMediaType = mime[0];
    // only contentMediaType differs, so the shared props stay at the root
    else
        _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
const successProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const customProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
const functionProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Function types cannot be represented in JSON Schema");
};
const transformProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
const mapProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Map cannot be represented in JSON Schema");
};
const setProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Set cannot be represented in JSON Schema");
};
// ==================== COMPOSITE TYPE PROCESSORS ====================
const arrayProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
    json.type = "array";
    json.items = to_json_schema_processSchema(def.element, ctx, {
        ...params,
        path: [...params.path, "items"],
    });
};
// Transform and catch set `optin = "optional"` at runtime so the parser lets them observe an
// absent key, but their declared input type stays required. An input JSON Schema describes the
// declared type, so resolve past them to the schema that actually carries the optionality.
// Used by both `objectProcessor` (for `required`) and `tupleProcessor` (for `minItems`); see
// wiki/optionality.md, "The JSON Schema emitter reads the *static* value".
function inputOptin(schema) {
    const def = schema._zod.def;
    if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
        return inputOptin(def.out);
    }
    if (def.type === "catch") {
        return inputOptin(def.innerType);
    }
    return schema._zod.optin;
}
const objectProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const shape = def.shape;
    // dropping it while still emitting `additionalProperties: false` would emit a schema that rejects data this one requires
    const symbolKeys = Object.getOwnPropertySymbols(shape);
    if (symbolKeys.length &&
        handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
        return;
    }
    json.type = "object";
    json.properties = {};
    for (const key in shape) {
        // assignProp so a __proto__ key becomes an own property instead of hitting the inherited setter on the plain {} we build into
        util_assignProp(json.properties, key, to_json_schema_processSchema(shape[key], ctx, {
            ...params,
            path: [...params.path, "properties", key],
        }));
    }
    // required keys
    const requiredKeys = [];
    for (const key of Object.keys(shape)) {
        const field = def.shape[key];
        if (ctx.io === "input" ? inputOptin(field) === undefined : field._zod.optout === undefined) {
            requiredKeys.push(key);
        }
    }
    if (requiredKeys.length > 0) {
        json.required = requiredKeys;
    }
    // catchall
    if (def.catchall?._zod.def.type === "never") {
        // strict
        json.additionalProperties = false;
    }
    else if (!def.catchall) {
        // regular
        if (ctx.io === "output")
            json.additionalProperties = false;
    }
    else if (def.catchall) {
        json.additionalProperties = to_json_schema_processSchema(def.catchall, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
};
const unionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // Exclusive unions (inclusive === false) use oneOf (exactly one match) instead of anyOf (one or more matches). This includes both z.xor() and discriminated unions
    const isExclusive = def.inclusive === false;
    const options = def.options.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, isExclusive ? "oneOf" : "anyOf", i],
    }));
    if (isExclusive) {
        json.oneOf = options;
    }
    else {
        json.anyOf = options;
    }
};
const intersectionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const a = to_json_schema_processSchema(def.left, ctx, {
        ...params,
        path: [...params.path, "allOf", 0],
    });
    const b = to_json_schema_processSchema(def.right, ctx, {
        ...params,
        path: [...params.path, "allOf", 1],
    });
    const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
    const allOf = [
        ...(isSimpleIntersection(a) ? a.allOf : [a]),
        ...(isSimpleIntersection(b) ? b.allOf : [b]),
    ];
    json.allOf = allOf;
    // Recorded innermost first, so a nested intersection has already folded by the time this one is considered. The array is the handle rather than the schema, because a wrapper that inherits this schema shares the same array; `finalize` folds every object holding it. See `foldIntersection`.
    ctx.intersections.push(allOf);
};
const tupleProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "array";
    const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
    const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
    const prefixItems = def.items.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, prefixPath, i],
    }));
    const rest = def.rest
        ? to_json_schema_processSchema(def.rest, ctx, {
            ...params,
            path: [...params.path, restPath, ...(ctx.target === "openapi-3.0" ? [def.items.length] : [])],
        })
        : null;
    let minItems = def.items.length;
    while (minItems > 0) {
        const item = def.items[minItems - 1];
        const optional = ctx.io === "input" ? inputOptin(item) !== undefined : item._zod.optout === "optional";
        if (!optional)
            break;
        minItems--;
    }
    const maxItems = def.items.length;
    const isClosed = !def.rest;
    if (ctx.target === "draft-2020-12") {
        json.prefixItems = prefixItems;
        if (isClosed) {
            json.items = false;
        }
        else if (rest) {
            json.items = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else if (ctx.target === "openapi-3.0") {
        json.items = {
            anyOf: prefixItems,
        };
        if (rest) {
            json.items.anyOf.push(rest);
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else {
        json.items = prefixItems;
        if (isClosed) {
            json.additionalItems = false;
        }
        else if (rest) {
            json.additionalItems = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    // explicit user-defined length checks take precedence
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
};
/** JSON object keys are always strings, so a numeric record key schema is re-expressed over the
 * numeric-string form the record parser matches. Deferred to `finalize`, after the flatten: a key
 * behind a wrapper only carries its own `type` before then, and a union key only has its branches.
 *
 * A numeric bound cannot apply to a property name, so `minimum` and its siblings are dropped rather
 * than carried over: keeping them beside `type: "string"` reproduces the match-nothing schema this
 * exists to fix. A key that carries one therefore emits wider than the record parses — `z.record(z.number().min(5), V)`
 * accepts `"3"` — which is the deliberate trade, since throwing on it would reject an ordinary schema
 * outright. */
function stringifyKeyNames(bySchema, json, visited) {
    // an extracted key that rewrites cannot go on sharing its definition — the string form a key position needs is not the number form every other reference wants — so it inlines. One that does not rewrite keeps the `$ref`.
    if (json.$ref) {
        // a recursive key holds its own reference inside its definition, so a node already on the path is left alone rather than resolved again
        if (visited.has(json))
            return json;
        visited.add(json);
        const def = bySchema.get(json)?.def;
        if (!def)
            return json;
        const inlined = stringifyKeyNames(bySchema, def, visited);
        return inlined === def ? json : inlined;
    }
    for (const keyword of ["anyOf", "oneOf"]) {
        const branches = json[keyword];
        if (!Array.isArray(branches))
            continue;
        const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
        // rebuilding regardless would detach a key that had nothing to re-express, dropping its `$ref` and leaking the internal `id`
        if (mapped.some((branch, i) => branch !== branches[i]))
            json = { ...json, [keyword]: mapped };
    }
    // a member that already admits a string leaves the key unconstrained, so the node's own type re-expresses only when every member is numeric
    const types = Array.isArray(json.type) ? json.type : [json.type];
    const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
    // a heterogeneous key carries no type at all, so its numeric members are caught here instead
    const values = json.enum ?? (json.const !== undefined ? [json.const] : undefined);
    if (!numericType && !values?.some((v) => typeof v === "number"))
        return json;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
    if (rest.enum)
        rest.enum = rest.enum.map((v) => (typeof v === "number" ? String(v) : v));
    else if (typeof rest.const === "number")
        rest.const = String(rest.const);
    // a heterogeneous key keeps its absent type: the stringified members already say what a key may be
    if (!numericType)
        return rest;
    rest.type = "string";
    if (!values)
        rest.pattern = (types.includes("number") ? number : integer).source;
    return rest;
}
/** Every record of one conversion, so the carriers are found in a single pass rather than once per record. */
const pendingRecords = new WeakMap();
function rewriteKeyNames(ctx) {
    // an extracted key is resolved by the object `extractToDef` left in its place, so the map is built once rather than searched per reference. `_zod.toJSONSchema` can hand the same object to two schemas, so the first entry carrying a body wins, as a search would have found it.
    const bySchema = new Map();
    for (const entry of ctx.seen.values()) {
        if (entry.def && !bySchema.has(entry.schema))
            bySchema.set(entry.schema, entry);
    }
    const rewrites = new Map();
    for (const record of pendingRecords.get(ctx) ?? []) {
        const seen = ctx.seen.get(record);
        const names = (seen?.def ?? seen?.schema)?.propertyNames;
        if (!names || names === true || rewrites.has(names))
            continue;
        const rewritten = stringifyKeyNames(bySchema, names, new Set());
        if (rewritten !== names)
            rewrites.set(names, rewritten);
    }
    if (!rewrites.size)
        return;
    // the flatten has already copied each record's own properties onto every wrapper by reference, and an extracted body is another such copy, so every carrier holding a rewritten key is updated together
    for (const entry of ctx.seen.values()) {
        for (const carrier of [entry.schema, entry.def]) {
            const rewritten = carrier && rewrites.get(carrier.propertyNames);
            if (rewritten)
                carrier.propertyNames = rewritten;
        }
    }
}
const recordProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "object";
    // For looseRecord with regex patterns, use patternProperties. This correctly represents "only validate keys matching the pattern" semantics and composes well with allOf (intersections)
    const keyType = def.keyType;
    const patterns = aggregateChecks(keyType).patterns;
    if (def.mode === "loose" && patterns && patterns.size > 0) {
        // Use patternProperties for looseRecord with regex patterns
        const valueSchema = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "patternProperties", "*"],
        });
        json.patternProperties = {};
        for (const pattern of patterns) {
            util_assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
        }
    }
    else {
        // Default behavior: use propertyNames + additionalProperties
        if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
            json.propertyNames = to_json_schema_processSchema(def.keyType, ctx, {
                ...params,
                path: [...params.path, "propertyNames"],
            });
            let pending = pendingRecords.get(ctx);
            if (!pending) {
                pending = [];
                pendingRecords.set(ctx, pending);
                ctx.deferred.push(() => rewriteKeyNames(ctx));
            }
            pending.push(schema);
        }
        json.additionalProperties = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
    // Add required for keys with discrete values (enum, literal, etc.)
    const keyValues = keyType._zod.values;
    // Every key shares one value schema, so an optional-in value makes the whole key set omittable on input. Output keeps them: the exhaustive branch assigns every key, even one whose value came back undefined.
    const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== undefined;
    if (keyValues && !def.partial && !omittableOnInput) {
        const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
        if (validKeyValues.length > 0) {
            json.required = validKeyValues.map(String);
        }
    }
};
const nullableProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const inner = to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    if (ctx.target === "openapi-3.0") {
        seen.ref = def.innerType;
        json.nullable = true;
    }
    else {
        json.anyOf = [inner, { type: "null" }];
    }
};
const nonoptionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
/** Round-trips a default value through JSON so the emitted schema is guaranteed to be valid JSON.
 * A BigInt has no reliable encoding, so it goes through `unrepresentable` like any other
 * unrepresentable value. Returns a sentinel when the caller must not write a default of its own. */
const UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
    let unrepresentable = false;
    const serialized = JSON.stringify(value, (_, val) => {
        if (typeof val !== "bigint")
            return val;
        unrepresentable = true;
        return null;
    });
    if (!unrepresentable)
        return JSON.parse(serialized);
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return UNREPRESENTABLE_DEFAULT;
}
const defaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json.default = value;
};
const prefaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    if (ctx.io !== "input")
        return;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json._prefault = value;
};
const catchProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    let catchValue;
    try {
        catchValue = def.catchValue(undefined);
    }
    catch {
        handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
        return;
    }
    json.default = catchValue;
};
const pipeProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    const inIsTransform = def.in._zod.traits.has("$ZodTransform");
    const innerType = ctx.io === "input" ? (inIsTransform ? def.out : def.in) : def.out;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
const readonlyProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    json.readOnly = true;
};
const promiseProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const optionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const lazyProcessor = (schema, ctx, _json, params) => {
    const innerType = schema._zod.innerType;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
// ==================== ALL PROCESSORS ====================
const allProcessors = {
    string: stringProcessor,
    number: numberProcessor,
    boolean: booleanProcessor,
    bigint: bigintProcessor,
    symbol: symbolProcessor,
    null: nullProcessor,
    undefined: undefinedProcessor,
    void: voidProcessor,
    never: neverProcessor,
    any: anyProcessor,
    unknown: unknownProcessor,
    date: dateProcessor,
    enum: enumProcessor,
    literal: literalProcessor,
    nan: nanProcessor,
    template_literal: templateLiteralProcessor,
    file: fileProcessor,
    success: successProcessor,
    custom: customProcessor,
    function: functionProcessor,
    transform: transformProcessor,
    map: mapProcessor,
    set: setProcessor,
    array: arrayProcessor,
    object: objectProcessor,
    union: unionProcessor,
    intersection: intersectionProcessor,
    tuple: tupleProcessor,
    record: recordProcessor,
    nullable: nullableProcessor,
    nonoptional: nonoptionalProcessor,
    default: defaultProcessor,
    prefault: prefaultProcessor,
    catch: catchProcessor,
    pipe: pipeProcessor,
    readonly: readonlyProcessor,
    promise: promiseProcessor,
    optional: optionalProcessor,
    lazy: lazyProcessor,
};
function toJSONSchema(input, params) {
    if ("_idmap" in input) {
        // Registry case
        const registry = input;
        const ctx = initializeContext({ ...params, processors: allProcessors });
        const defs = {};
        // First pass: process all schemas to build the seen map
        for (const entry of registry._idmap.entries()) {
            const [_, schema] = entry;
            processSchema(schema, ctx);
        }
        const schemas = {};
        const external = {
            registry,
            uri: params?.uri,
            defs,
        };
        // Update the context with external configuration
        ctx.external = external;
        // Second pass: emit each schema
        for (const entry of registry._idmap.entries()) {
            const [key, schema] = entry;
            extractDefs(ctx, schema);
            assignProp(schemas, key, finalize(ctx, schema));
        }
        if (Object.keys(defs).length > 0) {
            const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
            schemas.__shared = {
                [defsSegment]: defs,
            };
        }
        return { schemas };
    }
    // Single schema case
    const ctx = initializeContext({ ...params, processors: allProcessors });
    processSchema(input, ctx);
    extractDefs(ctx, input);
    return finalize(ctx, input);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/locales/en.js

const error = () => {
    const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" },
    };
    function getSizing(origin) {
        return Sizable[origin] ?? null;
    }
    const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input",
    };
    // type names: missing keys = do not translate (use raw value via ?? fallback)
    const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN",
        // All other type names omitted - they fall back to raw values via ?? operator
    };
    function getTypeName(type, input) {
        if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
            return String(input);
        }
        return TypeDictionary[type] ?? type;
    }
    return (issue) => {
        switch (issue.code) {
            case "invalid_type": {
                const expected = getTypeName(issue.expected);
                const receivedType = parsedType(issue.input);
                const received = getTypeName(receivedType, issue.input);
                return `Invalid input: expected ${expected}, received ${received}`;
            }
            case "invalid_value":
                if (issue.values.length === 1)
                    return `Invalid input: expected ${stringifyPrimitive(issue.values[0])}`;
                return `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
            case "too_big": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
                const sizing = getSizing(issue.origin);
                if (sizing)
                    return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
                return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
            }
            case "too_small": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
                const sizing = getSizing(issue.origin);
                if (sizing) {
                    return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
                }
                return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
            }
            case "invalid_format": {
                const _issue = issue;
                if (_issue.format === "starts_with") {
                    return `Invalid string: must start with "${_issue.prefix}"`;
                }
                if (_issue.format === "ends_with")
                    return `Invalid string: must end with "${_issue.suffix}"`;
                if (_issue.format === "includes")
                    return `Invalid string: must include "${_issue.includes}"`;
                if (_issue.format === "regex")
                    return `Invalid string: must match pattern ${_issue.pattern}`;
                return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
            }
            case "not_multiple_of":
                return `Invalid number: must be a multiple of ${issue.divisor}`;
            case "unrecognized_keys":
                return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
            case "invalid_key":
                return `Invalid key in ${issue.origin}`;
            case "invalid_union":
                if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
                    const opts = issue.options.map((o) => `'${o}'`).join(" | ");
                    return `Invalid discriminator value. Expected ${opts}`;
                }
                if (issue.inclusive === false) {
                    return "Invalid input: more than one option matched";
                }
                return "Invalid input";
            case "invalid_element":
                return `Invalid value in ${issue.origin}`;
            default:
                return `Invalid input`;
        }
    };
};
/* harmony default export */ function en() {
    return {
        localeError: error(),
    };
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/errors.js


/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = $constructor("$ZodError", initializer);
const $ZodRealError = $constructor("$ZodError", initializer, undefined, {
    Parent: Error,
});
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}
function treeifyError(error, mapper = (issue) => issue.message) {
    const result = { errors: [] };
    const processError = (error, path = []) => {
        var _a;
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                // regular union error
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    result.errors.push(mapper(issue));
                    continue;
                }
                let curr = result;
                let i = 0;
                while (i < fullpath.length) {
                    const el = fullpath[i];
                    const terminal = i === fullpath.length - 1;
                    if (typeof el === "string") {
                        curr.properties ?? (curr.properties = {});
                        // el may collide with an inherited property name ("__proto__",
                        // "constructor", ...); ??= reads the prototype so the node is never
                        // created and curr.errors.push throws. Guard with hasOwnProperty and
                        // create the node with defineProperty so "__proto__" becomes a real
                        // own key rather than invoking the prototype setter.
                        if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
                            Object.defineProperty(curr.properties, el, {
                                value: { errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        curr = curr.properties[el];
                    }
                    else {
                        curr.items ?? (curr.items = []);
                        (_a = curr.items)[el] ?? (_a[el] = { errors: [] });
                        curr = curr.items[el];
                    }
                    if (terminal) {
                        curr.errors.push(mapper(issue));
                    }
                    i++;
                }
            }
        }
    };
    processError(error);
    return result;
}
/** Format a ZodError as a human-readable string in the following form.
 *
 * From
 *
 * ```ts
 * ZodError {
 *   issues: [
 *     {
 *       expected: 'string',
 *       code: 'invalid_type',
 *       path: [ 'username' ],
 *       message: 'Invalid input: expected string'
 *     },
 *     {
 *       expected: 'number',
 *       code: 'invalid_type',
 *       path: [ 'favoriteNumbers', 1 ],
 *       message: 'Invalid input: expected number'
 *     }
 *   ];
 * }
 * ```
 *
 * to
 *
 * ```
 * username
 *   ✖ Expected number, received string at "username
 * favoriteNumbers[0]
 *   ✖ Invalid input: expected number
 * ```
 */
function toDotPath(_path) {
    const segs = [];
    const path = _path.map((seg) => (typeof seg === "object" ? seg.key : seg));
    for (const seg of path) {
        if (typeof seg === "number")
            segs.push(`[${seg}]`);
        else if (typeof seg === "symbol")
            segs.push(`[${JSON.stringify(String(seg))}]`);
        else if (/[^\w$]/.test(seg))
            segs.push(`[${JSON.stringify(seg)}]`);
        else {
            if (segs.length)
                segs.push(".");
            segs.push(seg);
        }
    }
    return segs.join("");
}
function prettifyError(error) {
    const lines = [];
    // sort by path length
    const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
    // Process each issue
    for (const issue of issues) {
        lines.push(`✖ ${issue.message}`);
        if (issue.path?.length)
            lines.push(`  → at ${toDotPath(issue.path)}`);
    }
    // Convert Map to formatted string
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/parse.js



// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new $ZodAsyncError();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parse = /* @__PURE__*/ _parse($ZodRealError);
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parseAsync = /* @__PURE__*/ _parseAsync($ZodRealError);
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParse = /* @__PURE__*/ _safeParse($ZodRealError);
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParseAsync = /* @__PURE__*/ _safeParseAsync($ZodRealError);
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
const COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const parse_validateAsync = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const encode = /* @__PURE__*/ _encode($ZodRealError);
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decode = /* @__PURE__*/ _decode($ZodRealError);
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const encodeAsync = /* @__PURE__*/ _encodeAsync($ZodRealError);
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decodeAsync = /* @__PURE__*/ _decodeAsync($ZodRealError);
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const safeEncode = /* @__PURE__*/ _safeEncode($ZodRealError);
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const safeDecode = /* @__PURE__*/ _safeDecode($ZodRealError);
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const safeEncodeAsync = /* @__PURE__*/ _safeEncodeAsync($ZodRealError);
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};
const safeDecodeAsync = /* @__PURE__*/ _safeDecodeAsync($ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/errors.js



/* Prototypes that already carry the lazy helper methods. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
/* Helper methods live as non-enumerable lazy getters on the shared
 * prototype instead of own properties on every instance. On first
 * access the getter allocates the per-instance closure and caches it
 * as a non-enumerable own property, so detached usage still works and
 * the allocation only happens for methods actually touched. */
function _lazyMethod(proto, key, make) {
    Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get() {
            const value = make(this);
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
            return value;
        },
        set(value) {
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
        },
    });
}
const errors_initializer = (inst, issues) => {
    $ZodError.init(inst, issues);
    inst.name = "ZodError";
    const proto = Object.getPrototypeOf(inst);
    if (_installedErrorProtos.has(proto))
        return;
    _installedErrorProtos.add(proto);
    _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
    _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
    _lazyMethod(proto, "addIssue", (self) => (issue) => {
        self.issues.push(issue);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    _lazyMethod(proto, "addIssues", (self) => (issues) => {
        self.issues.push(...issues);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    Object.defineProperty(proto, "isEmpty", {
        configurable: true,
        enumerable: false,
        get() {
            return this.issues.length === 0;
        },
    });
};
const ZodError = /*@__PURE__*/ $constructor("ZodError", errors_initializer);
const ZodRealError = /*@__PURE__*/ $constructor("ZodError", errors_initializer, undefined, {
    Parent: Error,
});
// /** @deprecated Use `z.core.$ZodErrorMapCtx` instead. */
// export type ErrorMapCtx = core.$ZodErrorMapCtx;

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/parse.js


const classic_parse_parse = /* @__PURE__ */ _parse(ZodRealError);
const classic_parse_parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
const parse_safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
const parse_safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);

// Codec functions
const parse_encode = /* @__PURE__ */ _encode(ZodRealError);
const parse_decode = /* @__PURE__ */ _decode(ZodRealError);
const parse_encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
const parse_decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
const parse_safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
const parse_safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
const parse_safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
const parse_safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/schemas.js








// Register English as the default locale on first ZodType construction. Hooked into the `ZodType` `$constructor` (rather than a top-level `config(en())` in `external.ts`) so bundlers honoring `sideEffects: false` can't tree-shake it out — see #5953, #5725. An explicit `z.config(z.locales.xx())` call wins regardless of order, since this only sets the default when none is present.
function _ensureDefaultLocale() {
    if (!globalConfig.localeError)
        config(en());
}
// the default memoizer is read by the core container init, which runs before `ZodType.init`, so each container calls this first
function _ensureDefaultMemoizer() {
    if (!globalConfig.memoizer)
        config({ memoizer: memoizer() });
}
const ZodType = /*@__PURE__*/ $constructor("ZodType", (inst, def) => {
    _ensureDefaultLocale();
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
    return inst;
}, {
    check(...chks) {
        const def = this.def;
        return this.clone(mergeDefs(def, {
            checks: [
                ...(def.checks ?? []),
                ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }), { parent: true });
    },
    with(...chks) {
        return this.check(...chks);
    },
    clone(def, params) {
        return clone(this, def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    refine(check, params) {
        return this.check(refine(check, params));
    },
    superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
    },
    overwrite(fn) {
        return this.check(_overwrite(fn));
    },
    optional() {
        return optional(this);
    },
    exactOptional() {
        return exactOptional(this);
    },
    nullable() {
        return nullable(this);
    },
    nullish() {
        return optional(nullable(this));
    },
    nonoptional(params) {
        return nonoptional(this, params);
    },
    array() {
        return array(this);
    },
    or(arg) {
        return union([this, arg]);
    },
    and(arg) {
        return intersection(this, arg);
    },
    transform(tx) {
        return pipe(this, transform(tx));
    },
    default(d) {
        return schemas_default(this, d);
    },
    prefault(d) {
        return prefault(this, d);
    },
    catch(params) {
        return schemas_catch(this, params);
    },
    pipe(target) {
        return pipe(this, target);
    },
    readonly() {
        return readonly(this);
    },
    describe(description) {
        const cl = this.clone();
        globalRegistry.add(cl, { description });
        return cl;
    },
    meta(...args) {
        // overloaded: meta() returns the registered metadata, meta(data) returns a clone with `data` registered. The mapped type picks up the second overload, so we accept variadic any-args and return `any` to satisfy both at runtime.
        if (args.length === 0)
            return globalRegistry.get(this);
        const cl = this.clone();
        globalRegistry.add(cl, args[0]);
        return cl;
    },
    isOptional() {
        return this.safeParse(undefined).success;
    },
    isNullable() {
        return this.safeParse(null).success;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
    // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
    get "~standard"() {
        return hide(this, "~standard", {
            ...standardProps(this),
            jsonSchema: {
                input: createStandardJSONSchemaMethod(this, "input"),
                output: createStandardJSONSchemaMethod(this, "output"),
            },
        });
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
    parse: function _parse(data, params) {
        return classic_parse_parse(this, data, params, { callee: _parse });
    },
    parseAsync: async function _parseAsync(data, params) {
        return await classic_parse_parseAsync(this, data, params, { callee: _parseAsync });
    },
    safeParse(data, params) {
        return parse_safeParse(this, data, params);
    },
    async safeParseAsync(data, params) {
        return parse_safeParseAsync(this, data, params);
    },
    // `spa` is an alias: same function object as `safeParseAsync`, as before.
    get spa() {
        return this?.safeParseAsync;
    },
    set spa(value) {
        own(this, "spa", value);
    },
    validate(data, params) {
        return validate(this, data, params);
    },
    validateAsync(data, params) {
        return parse_validateAsync(this, data, params);
    },
    encode: function _encode(data, params) {
        return parse_encode(this, data, params, { callee: _encode });
    },
    decode: function _decode(data, params) {
        return parse_decode(this, data, params, { callee: _decode });
    },
    encodeAsync: async function _encodeAsync(data, params) {
        return await parse_encodeAsync(this, data, params, { callee: _encodeAsync });
    },
    decodeAsync: async function _decodeAsync(data, params) {
        return await parse_decodeAsync(this, data, params, { callee: _decodeAsync });
    },
    safeEncode(data, params) {
        return parse_safeEncode(this, data, params);
    },
    safeDecode(data, params) {
        return parse_safeDecode(this, data, params);
    },
    async safeEncodeAsync(data, params) {
        return parse_safeEncodeAsync(this, data, params);
    },
    async safeDecodeAsync(data, params) {
        return parse_safeDecodeAsync(this, data, params);
    },
    toJSONSchema(params) {
        return createToJSONSchemaMethod(this, {})(params);
    },
    // Reads through to the registry on every access, so it must not cache.
    get description() {
        return globalRegistry.get(this)?.description;
    },
    // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
    get _def() {
        return this._zod.def;
    },
});
/** @internal */
const _ZodString = /*@__PURE__*/ $constructor("_ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null,
}, {
    regex(...args) {
        return this.check(_regex(...args));
    },
    includes(...args) {
        return this.check(_includes(...args));
    },
    startsWith(...args) {
        return this.check(_startsWith(...args));
    },
    endsWith(...args) {
        return this.check(_endsWith(...args));
    },
    min(...args) {
        return this.check(_minLength(...args));
    },
    max(...args) {
        return this.check(_maxLength(...args));
    },
    length(...args) {
        return this.check(_length(...args));
    },
    nonempty(...args) {
        return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
        return this.check(_lowercase(params));
    },
    uppercase(params) {
        return this.check(_uppercase(params));
    },
    trim() {
        return this.check(_trim());
    },
    normalize(...args) {
        return this.check(_normalize(...args));
    },
    toLowerCase() {
        return this.check(_toLowerCase());
    },
    toUpperCase() {
        return this.check(_toUpperCase());
    },
    slugify() {
        return this.check(_slugify());
    },
}));
const ZodString = /*@__PURE__*/ $constructor("ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    _ZodString.init(inst, def);
}, {
    email(params) {
        return this.check(_email(ZodEmail, params));
    },
    url(params) {
        return this.check(_url(ZodURL, params));
    },
    jwt(params) {
        return this.check(_jwt(ZodJWT, params));
    },
    emoji(params) {
        return this.check(api_emoji(ZodEmoji, params));
    },
    guid(params) {
        return this.check(_guid(ZodGUID, params));
    },
    uuid(params) {
        return this.check(_uuid(ZodUUID, params));
    },
    uuidv4(params) {
        return this.check(_uuidv4(ZodUUID, params));
    },
    uuidv6(params) {
        return this.check(_uuidv6(ZodUUID, params));
    },
    uuidv7(params) {
        return this.check(_uuidv7(ZodUUID, params));
    },
    nanoid(params) {
        return this.check(_nanoid(ZodNanoID, params));
    },
    cuid(params) {
        return this.check(_cuid(ZodCUID, params));
    },
    cuid2(params) {
        return this.check(_cuid2(ZodCUID2, params));
    },
    ulid(params) {
        return this.check(_ulid(ZodULID, params));
    },
    base64(params) {
        return this.check(_base64(ZodBase64, params));
    },
    base64url(params) {
        return this.check(_base64url(ZodBase64URL, params));
    },
    xid(params) {
        return this.check(_xid(ZodXID, params));
    },
    ksuid(params) {
        return this.check(_ksuid(ZodKSUID, params));
    },
    ipv4(params) {
        return this.check(_ipv4(ZodIPv4, params));
    },
    ipv6(params) {
        return this.check(_ipv6(ZodIPv6, params));
    },
    cidrv4(params) {
        return this.check(_cidrv4(ZodCIDRv4, params));
    },
    cidrv6(params) {
        return this.check(_cidrv6(ZodCIDRv6, params));
    },
    e164(params) {
        return this.check(_e164(ZodE164, params));
    },
    datetime(params) {
        return this.check(_isoDateTime(ZodISODateTime, params));
    },
    date(params) {
        return this.check(_isoDate(ZodISODate, params));
    },
    time(params) {
        return this.check(_isoTime(ZodISOTime, params));
    },
    duration(params) {
        return this.check(_isoDuration(ZodISODuration, params));
    },
});
function schemas_string(params) {
    return _string(ZodString, params);
}
const ZodStringFormat = /*@__PURE__*/ $constructor("ZodStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    _ZodString.init(inst, def);
});
const ZodISODateTime = /*@__PURE__*/ $constructor("ZodISODateTime", (inst, def) => {
    $ZodISODateTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODate = /*@__PURE__*/ $constructor("ZodISODate", (inst, def) => {
    $ZodISODate.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISOTime = /*@__PURE__*/ $constructor("ZodISOTime", (inst, def) => {
    $ZodISOTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODuration = /*@__PURE__*/ $constructor("ZodISODuration", (inst, def) => {
    $ZodISODuration.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodEmail = /*@__PURE__*/ $constructor("ZodEmail", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmail.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_email(params) {
    return core._email(ZodEmail, params);
}
const ZodGUID = /*@__PURE__*/ $constructor("ZodGUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodGUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_guid(params) {
    return core._guid(ZodGUID, params);
}
const ZodUUID = /*@__PURE__*/ $constructor("ZodUUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodUUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_uuid(params) {
    return core._uuid(ZodUUID, params);
}
function uuidv4(params) {
    return core._uuidv4(ZodUUID, params);
}
// ZodUUIDv6
function uuidv6(params) {
    return core._uuidv6(ZodUUID, params);
}
// ZodUUIDv7
function uuidv7(params) {
    return core._uuidv7(ZodUUID, params);
}
const ZodURL = /*@__PURE__*/ $constructor("ZodURL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodURL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function url(params) {
    return core._url(ZodURL, params);
}
function httpUrl(params) {
    return core._url(ZodURL, {
        protocol: regexes.httpProtocol,
        hostname: regexes.domain,
        ...util.normalizeParams(params),
    });
}
const ZodEmoji = /*@__PURE__*/ $constructor("ZodEmoji", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmoji.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_emoji(params) {
    return core._emoji(ZodEmoji, params);
}
const ZodNanoID = /*@__PURE__*/ $constructor("ZodNanoID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodNanoID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_nanoid(params) {
    return core._nanoid(ZodNanoID, params);
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodCUID = /*@__PURE__*/ $constructor("ZodCUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
/**
 * Validates a CUID v1 string.
 *
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2 | `z.cuid2()`} instead.
 * See https://github.com/paralleldrive/cuid.
 */
function schemas_cuid(params) {
    return core._cuid(ZodCUID, params);
}
const ZodCUID2 = /*@__PURE__*/ $constructor("ZodCUID2", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID2.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cuid2(params) {
    return core._cuid2(ZodCUID2, params);
}
const ZodULID = /*@__PURE__*/ $constructor("ZodULID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodULID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ulid(params) {
    return core._ulid(ZodULID, params);
}
const ZodXID = /*@__PURE__*/ $constructor("ZodXID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodXID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_xid(params) {
    return core._xid(ZodXID, params);
}
const ZodKSUID = /*@__PURE__*/ $constructor("ZodKSUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodKSUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ksuid(params) {
    return core._ksuid(ZodKSUID, params);
}
const ZodIPv4 = /*@__PURE__*/ $constructor("ZodIPv4", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv4(params) {
    return core._ipv4(ZodIPv4, params);
}
const ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMAC", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodMAC.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_mac(params) {
    return core._mac(ZodMAC, params);
}
const ZodIPv6 = /*@__PURE__*/ $constructor("ZodIPv6", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv6(params) {
    return core._ipv6(ZodIPv6, params);
}
const ZodCIDRv4 = /*@__PURE__*/ $constructor("ZodCIDRv4", (inst, def) => {
    $ZodCIDRv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv4(params) {
    return core._cidrv4(ZodCIDRv4, params);
}
const ZodCIDRv6 = /*@__PURE__*/ $constructor("ZodCIDRv6", (inst, def) => {
    $ZodCIDRv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv6(params) {
    return core._cidrv6(ZodCIDRv6, params);
}
const ZodBase64 = /*@__PURE__*/ $constructor("ZodBase64", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64(params) {
    return core._base64(ZodBase64, params);
}
const ZodBase64URL = /*@__PURE__*/ $constructor("ZodBase64URL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64URL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64url(params) {
    return core._base64url(ZodBase64URL, params);
}
const ZodE164 = /*@__PURE__*/ $constructor("ZodE164", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodE164.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_e164(params) {
    return core._e164(ZodE164, params);
}
const ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCreditCard", (inst, def) => {
    core.$ZodCreditCard.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_creditCard(params) {
    return core._creditCard(ZodCreditCard, params);
}
const ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodIBAN", (inst, def) => {
    core.$ZodIBAN.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_iban(params) {
    return core._iban(ZodIBAN, params);
}
const ZodJWT = /*@__PURE__*/ $constructor("ZodJWT", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodJWT.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function jwt(params) {
    return core._jwt(ZodJWT, params);
}
const ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCustomStringFormat", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodCustomStringFormat.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function stringFormat(format, fnOrRegex, _params = {}) {
    return core._stringFormat(ZodCustomStringFormat, format, fnOrRegex, _params);
}
function schemas_hostname(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hostname", regexes.hostname, _params);
}
function schemas_hex(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hex", regexes.hex, _params);
}
function schemas_currencyCode(_params) {
    return core._stringFormat(ZodCustomStringFormat, "currency_code", regexes.currencyCode, _params);
}
function hash(alg, params) {
    const enc = params?.enc ?? "hex";
    const format = `${alg}_${enc}`;
    const regex = core.regexes[format];
    if (!regex)
        throw new Error(`Unrecognized hash format: ${format}`);
    return core._stringFormat(ZodCustomStringFormat, format, regex, params);
}
const ZodNumber = /*@__PURE__*/ $constructor("ZodNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => {
        const { minimum, exclusiveMinimum } = aggregateChecks(inst);
        return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
        const { maximum, exclusiveMaximum } = aggregateChecks(inst);
        return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
        const { isInt, multipleOf } = aggregateChecks(inst);
        return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    int(params) {
        return this.check(schemas_int(params));
    },
    safe(params) {
        return this.check(schemas_int(params));
    },
    positive(params) {
        return this.check(_gt(0, params));
    },
    nonnegative(params) {
        return this.check(_gte(0, params));
    },
    negative(params) {
        return this.check(_lt(0, params));
    },
    nonpositive(params) {
        return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
    step(value, params) {
        return this.check(_multipleOf(value, params));
    },
    finite() {
        return this;
    },
}));
function schemas_number(params) {
    return _number(ZodNumber, params);
}
const ZodNumberFormat = /*@__PURE__*/ $constructor("ZodNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodNumber.init(inst, def);
});
function schemas_int(params) {
    return _int(ZodNumberFormat, params);
}
function float32(params) {
    return core._float32(ZodNumberFormat, params);
}
function float64(params) {
    return core._float64(ZodNumberFormat, params);
}
function int32(params) {
    return core._int32(ZodNumberFormat, params);
}
function uint32(params) {
    return core._uint32(ZodNumberFormat, params);
}
const ZodBoolean = /*@__PURE__*/ $constructor("ZodBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function schemas_boolean(params) {
    return _boolean(ZodBoolean, params);
}
const ZodBigInt = /*@__PURE__*/ $constructor("ZodBigInt", (inst, def) => {
    $ZodBigInt.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => bigintProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => aggregateChecks(inst).minimum ?? null,
    maxValue: (inst) => aggregateChecks(inst).maximum ?? null,
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    positive(params) {
        return this.check(_gt(BigInt(0), params));
    },
    negative(params) {
        return this.check(_lt(BigInt(0), params));
    },
    nonpositive(params) {
        return this.check(_lte(BigInt(0), params));
    },
    nonnegative(params) {
        return this.check(_gte(BigInt(0), params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
}));
function schemas_bigint(params) {
    return core._bigint(ZodBigInt, params);
}
const ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodBigIntFormat", (inst, def) => {
    core.$ZodBigIntFormat.init(inst, def);
    ZodBigInt.init(inst, def);
})));
function int64(params) {
    return core._int64(ZodBigIntFormat, params);
}
function uint64(params) {
    return core._uint64(ZodBigIntFormat, params);
}
const ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSymbol", (inst, def) => {
    core.$ZodSymbol.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.symbolProcessor(inst, ctx, json, params);
})));
function symbol(params) {
    return core._symbol(ZodSymbol, params);
}
const ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodUndefined", (inst, def) => {
    core.$ZodUndefined.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.undefinedProcessor(inst, ctx, json, params);
})));
function schemas_undefined(params) {
    return core._undefined(ZodUndefined, params);
}

const ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNull", (inst, def) => {
    core.$ZodNull.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nullProcessor(inst, ctx, json, params);
})));
function schemas_null(params) {
    return core._null(ZodNull, params);
}

const ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodAny", (inst, def) => {
    core.$ZodAny.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.anyProcessor(inst, ctx, json, params);
})));
function any() {
    return core._any(ZodAny);
}
const ZodUnknown = /*@__PURE__*/ $constructor("ZodUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
    return _unknown(ZodUnknown);
}
const ZodNever = /*@__PURE__*/ $constructor("ZodNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
    return _never(ZodNever, params);
}
const ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodVoid", (inst, def) => {
    core.$ZodVoid.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.voidProcessor(inst, ctx, json, params);
})));
function schemas_void(params) {
    return core._void(ZodVoid, params);
}

const ZodDate = /*@__PURE__*/ $constructor("ZodDate", (inst, def) => {
    $ZodDate.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => dateProcessor(inst, ctx, json, params);
    inst.min = (value, params) => inst.check(_gte(value, params));
    inst.max = (value, params) => inst.check(_lte(value, params));
}, 
/*@__PURE__*/ derived({
    minDate: (inst) => {
        const { minimum } = aggregateChecks(inst);
        return minimum ? new Date(minimum) : null;
    },
    maxDate: (inst) => {
        const { maximum } = aggregateChecks(inst);
        return maximum ? new Date(maximum) : null;
    },
}, {}));
function schemas_date(params) {
    return core._date(ZodDate, params);
}
const ZodArray = /*@__PURE__*/ $constructor("ZodArray", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodArray.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
    inst.element = def.element;
}, {
    min(n, params) {
        return this.check(_minLength(n, params));
    },
    nonempty(params) {
        return this.check(_minLength(1, params));
    },
    max(n, params) {
        return this.check(_maxLength(n, params));
    },
    length(n, params) {
        return this.check(_length(n, params));
    },
    unwrap() {
        return this.element;
    },
});
function array(element, params) {
    return _array(ZodArray, element, params);
}
// .keyof
function keyof(schema) {
    const shape = schema._zod.def.shape;
    return schemas_enum(Object.keys(shape));
}
const ZodObject = /*@__PURE__*/ $constructor("ZodObject", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodObjectJIT.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
    installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
    keyof() {
        return schemas_enum(Object.keys(this._zod.def.shape));
    },
    catchall(catchall) {
        // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
        return this.clone(mergeDefs(this._zod.def, { catchall: catchall }));
    },
    passthrough() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    loose() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    strict() {
        return this.clone(mergeDefs(this._zod.def, { catchall: never() }));
    },
    strip() {
        return this.clone(mergeDefs(this._zod.def, { catchall: undefined }));
    },
    extend(incoming) {
        return extend(this, incoming);
    },
    safeExtend(incoming) {
        return safeExtend(this, incoming);
    },
    merge(other) {
        return merge(this, other);
    },
    pick(mask) {
        return pick(this, mask);
    },
    omit(mask) {
        return omit(this, mask);
    },
    partial(...args) {
        return partial(ZodOptional, this, args[0]);
    },
    exactPartial(...args) {
        return partial(ZodExactOptional, this, args[0], "exactPartial");
    },
    required(...args) {
        return required(ZodNonOptional, this, args[0]);
    },
});
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...normalizeParams(params),
    };
    return new ZodObject(def);
}
// strictObject
function strictObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: never(),
        ...util.normalizeParams(params),
    });
}
// looseObject
function looseObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...util.normalizeParams(params),
    });
}
const ZodUnion = /*@__PURE__*/ $constructor("ZodUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
});
function union(options, params) {
    return new ZodUnion({
        type: "union",
        options: options,
        ...normalizeParams(params),
    });
}
const ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodXor", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodXor.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
})));
/** Creates an exclusive union (XOR) where exactly one option must match.
 * Unlike regular unions that succeed when any option matches, xor fails if
 * zero or more than one option matches the input. */
function xor(options, params) {
    return new ZodXor({
        type: "union",
        options: options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
const ZodDiscriminatedUnion = /*@__PURE__*/ $constructor("ZodDiscriminatedUnion", (inst, def) => {
    ZodUnion.init(inst, def);
    $ZodDiscriminatedUnion.init(inst, def);
});
function discriminatedUnion(discriminator, options, params) {
    // const [options, params] = args;
    return new ZodDiscriminatedUnion({
        type: "union",
        options: options,
        discriminator,
        ...normalizeParams(params),
    });
}
const ZodIntersection = /*@__PURE__*/ $constructor("ZodIntersection", (inst, def) => {
    $ZodIntersection.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
    return new ZodIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodTuple = /*@__PURE__*/ $constructor("ZodTuple", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTuple.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => tupleProcessor(inst, ctx, json, params);
}, {
    rest(rest) {
        return this.clone({
            ...this._zod.def,
            rest: rest,
        });
    },
    partial() {
        const def = this._zod.def;
        // a refinement was authored against the full arity; partialing would run it on a shorter array
        if (def.checks?.length)
            throw new Error(".partial() cannot be used on tuple schemas containing refinements");
        return this.clone({
            ...def,
            items: def.items.map((item) => new ZodOptional({ type: "optional", innerType: item })),
        });
    },
});
function tuple(items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof $ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new ZodTuple({
        type: "tuple",
        items: items,
        rest,
        ...normalizeParams(params),
    });
}
const ZodRecord = /*@__PURE__*/ $constructor("ZodRecord", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodRecord.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodRecord({
            type: "record",
            keyType: schemas_string(),
            valueType: keyType,
            ...normalizeParams(valueType),
        });
    }
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...normalizeParams(params),
    });
}
// type alksjf = core.output<core.$ZodRecordKey>;
function partialRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
        partial: true,
    });
}
function looseRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        mode: "loose",
        ...util.normalizeParams(params),
    });
}
const ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMap", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodMap.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.mapProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function map(keyType, valueType, params) {
    return new ZodMap({
        type: "map",
        keyType: keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSet", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodSet.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.setProcessor(inst, ctx, json, params);
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function set(valueType, params) {
    return new ZodSet({
        type: "set",
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodEnum = /*@__PURE__*/ $constructor("ZodEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
    inst.enum = def.entries;
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
    const keys = new Set(Object.keys(def.entries));
    inst.extract = (values, params) => {
        const newEntries = {};
        for (const value of values) {
            if (keys.has(value)) {
                newEntries[value] = def.entries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
    inst.exclude = (values, params) => {
        const newEntries = { ...def.entries };
        for (const value of values) {
            if (keys.has(value)) {
                delete newEntries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
});
function schemas_enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodEnum({
        type: "enum",
        entries,
        ...normalizeParams(params),
    });
}

/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function nativeEnum(entries, params) {
    return new ZodEnum({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
const ZodLiteral = /*@__PURE__*/ $constructor("ZodLiteral", (inst, def) => {
    $ZodLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
    inst.values = new Set(def.values);
    Object.defineProperty(inst, "value", {
        get() {
            if (def.values.length > 1) {
                throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
            }
            return def.values[0];
        },
    });
});
function literal(value, params) {
    return new ZodLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...normalizeParams(params),
    });
}
const ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFile", (inst, def) => {
    core.$ZodFile.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.fileProcessor(inst, ctx, json, params);
    inst.min = (size, params) => inst.check(core._minSize(size, params));
    inst.max = (size, params) => inst.check(core._maxSize(size, params));
    inst.mime = (types, params) => inst.check(core._mime(Array.isArray(types) ? types : [types], params));
})));
function file(params) {
    return core._file(ZodFile, params);
}
const ZodTransform = /*@__PURE__*/ $constructor("ZodTransform", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTransform.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
    inst._zod.parse = (payload, _ctx) => {
        if (_ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util_issue(issue, payload.value, def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = inst);
                // _issue.continue ??= true;
                payload.issues.push(util_issue(_issue));
            }
        };
        const output = def.transform(payload.value, payload);
        if (output instanceof Promise) {
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        payload.value = output;
        return payload;
    };
});
function transform(fn) {
    return new ZodTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodOptional = /*@__PURE__*/ $constructor("ZodOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
    return new ZodOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodExactOptional = /*@__PURE__*/ $constructor("ZodExactOptional", (inst, def) => {
    $ZodExactOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
    return new ZodExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodNullable = /*@__PURE__*/ $constructor("ZodNullable", (inst, def) => {
    $ZodNullable.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
    return new ZodNullable({
        type: "nullable",
        innerType: innerType,
    });
}
// nullish
function schemas_nullish(innerType) {
    return optional(nullable(innerType));
}
const ZodDefault = /*@__PURE__*/ $constructor("ZodDefault", (inst, def) => {
    $ZodDefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeDefault = inst.unwrap;
});
function schemas_default(innerType, defaultValue) {
    return new ZodDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodPrefault = /*@__PURE__*/ $constructor("ZodPrefault", (inst, def) => {
    $ZodPrefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
    return new ZodPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodNonOptional = /*@__PURE__*/ $constructor("ZodNonOptional", (inst, def) => {
    $ZodNonOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
    return new ZodNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...normalizeParams(params),
    });
}
const ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSuccess", (inst, def) => {
    core.$ZodSuccess.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.successProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function success(innerType) {
    return new ZodSuccess({
        type: "success",
        innerType: innerType,
    });
}
const ZodCatch = /*@__PURE__*/ $constructor("ZodCatch", (inst, def) => {
    $ZodCatch.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeCatch = inst.unwrap;
});
function schemas_catch(innerType, catchValue) {
    return new ZodCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : constantCatch(catchValue)),
    });
}

const ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNaN", (inst, def) => {
    core.$ZodNaN.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nanProcessor(inst, ctx, json, params);
})));
function nan(params) {
    return core._nan(ZodNaN, params);
}
const ZodPipe = /*@__PURE__*/ $constructor("ZodPipe", (inst, def) => {
    $ZodPipe.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
    inst.in = def.in;
    inst.out = def.out;
});
function pipe(in_, out) {
    return new ZodPipe({
        type: "pipe",
        in: in_,
        out: out,
        // ...util.normalizeParams(params),
    });
}
const ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCodec", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodCodec.init(inst, def);
})));
function codec(in_, out, params) {
    return new ZodCodec({
        type: "pipe",
        in: in_,
        out: out,
        transform: params.decode,
        reverseTransform: params.encode,
    });
}
function invertCodec(codec) {
    const def = codec._zod.def;
    return new ZodCodec({
        type: "pipe",
        in: def.out,
        out: def.in,
        transform: def.reverseTransform,
        reverseTransform: def.transform,
    });
}
const ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPreprocess", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodPreprocess.init(inst, def);
})));
const ZodReadonly = /*@__PURE__*/ $constructor("ZodReadonly", (inst, def) => {
    $ZodReadonly.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
    return new ZodReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodTemplateLiteral", (inst, def) => {
    core.$ZodTemplateLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.templateLiteralProcessor(inst, ctx, json, params);
})));
function templateLiteral(parts, params) {
    return new ZodTemplateLiteral({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
const ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodLazy", (inst, def) => {
    core.$ZodLazy.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.lazyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.getter();
})));
function lazy(getter) {
    return new ZodLazy({
        type: "lazy",
        getter: getter,
    });
}
const ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPromise", (inst, def) => {
    core.$ZodPromise.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.promiseProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function promise(innerType) {
    return new ZodPromise({
        type: "promise",
        innerType: innerType,
    });
}
const ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFunction", (inst, def) => {
    core.$ZodFunction.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.functionProcessor(inst, ctx, json, params);
})));
function _function(params) {
    return new ZodFunction({
        type: "function",
        input: Array.isArray(params?.input) ? tuple(params?.input) : (params?.input ?? array(unknown())),
        output: params?.output ?? unknown(),
    });
}

const ZodCustom = /*@__PURE__*/ $constructor("ZodCustom", (inst, def) => {
    $ZodCustom.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
// custom checks
function check(fn) {
    const ch = new core.$ZodCheck({
        check: "custom",
        // ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
function custom(fn, _params) {
    return core._custom(ZodCustom, fn ?? (() => true), _params);
}
function refine(fn, _params = {}) {
    return _refine(ZodCustom, fn, _params);
}
// superRefine
function superRefine(fn, params) {
    return _superRefine(fn, params);
}
// Re-export describe and meta from core
const schemas_describe = describe;
const schemas_meta = meta;
const ZodInstanceOf = /*@__PURE__*/ $constructor("ZodInstanceOf", (inst, def) => {
    ZodCustom.init(inst, def);
}, {
    properties(shape, params) {
        // asserts in place, so the narrowed output type is truthful without a wrapper
        return this.check(_properties(shape, params));
    },
});
function _instanceof(cls, params = {}) {
    const inst = new ZodInstanceOf({
        type: "custom",
        check: "custom",
        fn: (data) => data instanceof cls,
        abort: true,
        ...util.normalizeParams(params),
    });
    inst._zod.bag.Class = cls;
    // Override check to emit invalid_type instead of custom
    inst._zod.check = (payload) => {
        if (!(payload.value instanceof cls)) {
            payload.issues.push({
                code: "invalid_type",
                expected: cls.name,
                input: payload.value,
                inst,
                path: [...(inst._zod.def.path ?? [])],
            });
        }
    };
    return inst;
}

// stringbool
const stringbool = (...args) => core._stringbool({
    Codec: ZodCodec,
    Boolean: ZodBoolean,
    String: ZodString,
}, ...args);
function json(params) {
    const jsonSchema = lazy(() => {
        return union([schemas_string(params), schemas_number(), schemas_boolean(), schemas_null(), array(jsonSchema), record(schemas_string(), jsonSchema)]);
    });
    return jsonSchema;
}
// preprocess
function preprocess(fn, schema) {
    return new ZodPreprocess({
        type: "pipe",
        in: transform(fn),
        out: schema,
    });
}

;// CONCATENATED MODULE: ./src/model/finding.ts

const Severity = schemas_enum(['error', 'warning', 'notice']);
/** A place in the repository: a repo-relative POSIX path and, where known, a 1-based line. */
const Location = object({
    path: schemas_string(),
    line: schemas_number().int().positive().optional(),
    column: schemas_number().int().positive().optional(),
});
const Finding = object({
    code: schemas_string().describe('Stable validation code, e.g. aris.input_stale'),
    severity: Severity,
    subject: schemas_string()
        .describe('Id of the subject (audit, run, fixture, paper) the finding is about'),
    message: schemas_string().describe('What is wrong, about the user’s files only'),
    remediation: schemas_string().describe('What to do next'),
    location: Location.optional(),
    related: array(Location)
        .optional()
        .describe('Other places involved, e.g. the changed input file'),
    issue: schemas_string()
        .optional()
        .describe('The legacy verify_paper_audits.sh issue string, where one exists'),
    invariant_id: schemas_string().optional().describe('The producer’s invariant id, where one exists'),
    blocking: schemas_boolean().describe('Set by policy: whether this finding fails the gate'),
});
/** Builds a finding from its code definition; `blocking` is decided later by policy. */
function finding(def, input) {
    const out = {
        code: def.code,
        severity: input.severity ?? def.severity,
        subject: input.subject,
        message: input.message,
        remediation: input.remediation ?? def.remediation,
        blocking: false,
    };
    if (input.location)
        out.location = input.location;
    if (input.related && input.related.length > 0)
        out.related = input.related;
    if (input.issue !== undefined)
        out.issue = input.issue;
    if (def.invariant_id)
        out.invariant_id = def.invariant_id;
    return out;
}

;// CONCATENATED MODULE: ./src/model/subject.ts

/**
 * A subject is the unit that gets a verdict: one audit artifact, one run, one fixture.
 * A target is what a pack is pointed at: a paper directory, a run directory, a fixture folder.
 */
const Outcome = schemas_enum(['pass', 'problem', 'blocking', 'skipped']);
const SubjectKind = schemas_enum(['paper', 'audit', 'run', 'fixture']);
const Subject = object({
    id: schemas_string(),
    target: schemas_string().describe('Id of the target this subject belongs to'),
    pack: schemas_string(),
    kind: SubjectKind,
    name: schemas_string().describe('Human name, e.g. the audit skill or the run id'),
    path: schemas_string().describe('Repo-relative path of the artifact or directory'),
    status: schemas_string().describe('Pack-specific status label, e.g. OK, STALE, MISSING'),
    verdict: schemas_string().optional(),
    reason: schemas_string().optional().describe('Short why: reason code and summary from the artifact'),
    outcome: Outcome,
});
const Enforcement = schemas_enum(['blocking', 'advisory']);
const Target = object({
    id: schemas_string(),
    pack: schemas_string(),
    kind: schemas_enum(['paper', 'run', 'fixture']),
    path: schemas_string().describe('Repo-relative path ("." for the root)'),
    enforcement: Enforcement.describe('blocking: error findings fail the gate; advisory: they are reported only'),
    terminal_state: schemas_string().describe('e.g. accepted | provisional | blocked for papers'),
    context: record(schemas_string(), schemas_string())
        .describe('How the target was judged, e.g. assurance and where it came from'),
});
/** The `context` key in which a pack says why a target is provisional (not submission-ready). */
const PROVISIONAL_BECAUSE = 'provisional_because';

;// CONCATENATED MODULE: external "node:buffer"
const external_node_buffer_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");
;// CONCATENATED MODULE: ./src/io/files.ts



/** Classifies a path without opening it (opening a FIFO would block). Follows symlinks. */
function statPath(abs) {
    try {
        const st = external_node_fs_default().statSync(abs);
        if (st.isFile())
            return { kind: 'file', size: st.size, detail: '' };
        if (st.isDirectory())
            return { kind: 'dir', size: 0, detail: '' };
        return {
            kind: 'other',
            size: st.size,
            detail: 'is not a regular file or directory (FIFO, socket or device)',
        };
    }
    catch (err) {
        const code = err.code;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return { kind: 'missing', size: 0, detail: 'does not exist' };
        return { kind: 'unreadable', size: 0, detail: errorText(err) };
    }
}
// Non-blocking, so a FIFO cannot hang the open; never the controlling terminal, should a tty be
// swapped in.
const OPEN_FLAGS = (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NONBLOCK | ((external_node_fs_default()).constants.O_NOCTTY ?? 0);
/**
 * Opens a regular file for reading. Opens non-blocking and checks the type on the descriptor, so
 * a FIFO swapped in after a stat cannot hang the run. The caller closes `fd`.
 */
function openRegularFile(abs) {
    let fd;
    try {
        fd = external_node_fs_default().openSync(abs, OPEN_FLAGS);
    }
    catch (err) {
        const code = err.code;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return { ok: false, kind: 'missing', detail: 'does not exist' };
        if (code === 'EISDIR')
            return { ok: false, kind: 'dir', detail: 'is a directory' };
        return { ok: false, kind: 'unreadable', detail: errorText(err) };
    }
    try {
        const st = external_node_fs_default().fstatSync(fd);
        if (st.isFile())
            return { ok: true, fd, size: st.size };
        external_node_fs_default().closeSync(fd);
        return st.isDirectory()
            ? { ok: false, kind: 'dir', detail: 'is a directory' }
            : { ok: false, kind: 'other', detail: 'is not a regular file (FIFO, socket or device)' };
    }
    catch (err) {
        external_node_fs_default().closeSync(fd);
        return { ok: false, kind: 'unreadable', detail: errorText(err) };
    }
}
/** An open or read failure in the missing / not_file / unreadable terms of hashing and streaming. */
function openFailure(o) {
    const reason = o.kind === 'missing' || o.kind === 'unreadable'
        ? o.kind
        : o.kind === 'too_large'
            ? 'unreadable'
            : 'not_file';
    return { ok: false, reason, detail: o.detail };
}
/** Reads a small regular file whole; anything over `maxBytes` is refused unread. */
function readSmallFile(abs, maxBytes) {
    const opened = openRegularFile(abs);
    if (!opened.ok)
        return opened;
    const { fd, size } = opened;
    try {
        if (size > maxBytes) {
            return {
                ok: false,
                kind: 'too_large',
                detail: `is ${size} bytes, over the ${maxBytes}-byte limit`,
            };
        }
        return { ok: true, bytes: readOpened(fd, size) };
    }
    catch (err) {
        return { ok: false, kind: 'unreadable', detail: errorText(err) };
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/** Reads the `size` bytes fstat reported (fewer if the file shrank), in as few reads as the kernel allows. */
function readOpened(fd, size) {
    const buf = Buffer.allocUnsafe(size);
    let pos = 0;
    while (pos < size) {
        const n = external_node_fs_default().readSync(fd, buf, pos, size - pos, pos);
        if (n === 0)
            break;
        pos += n;
    }
    return pos === size ? buf : buf.subarray(0, pos);
}
/** Decodes UTF-8 strictly: invalid bytes are an error, not replacement characters (a BOM is kept). */
function decodeUtf8(bytes) {
    return (0,external_node_buffer_namespaceObject.isUtf8)(bytes)
        ? { ok: true, text: bytes.toString('utf8') }
        : { ok: false, detail: 'is not valid UTF-8' };
}

;// CONCATENATED MODULE: ./src/version.ts
/** The tool version, reported in every report. Keep in step with package.json. */
const VERSION = '0.1.0';
/** The project's home (package.json `homepage`); the Action is `uses: audit-gate/audit-gate@v1`. */
const HOMEPAGE = 'https://github.com/audit-gate/audit-gate';
/** Where the validation codes are documented, at this version's release tag. */
const CODES_DOC = (/* unused pure expression or super */ null && (`${HOMEPAGE}/blob/v${VERSION}/docs/codes.md`));

;// CONCATENATED MODULE: ./src/packs/aris/codes.ts
const RERUN = 'Rerun the audit so it writes a fresh artifact.';
function def(code, severity, title, remediation) {
    return { code: `aris.${code}`, severity, title, remediation };
}
/** Every code the paper-audit pack can emit. Stable public API: never rename without a note. */
const ARIS = {
    artifactMissing: def('artifact_missing', 'error', 'A mandatory audit wrote no artifact', RERUN),
    artifactUnreadable: def('artifact_unreadable', 'error', 'The audit artifact is not a readable regular file', 'Replace the path with the JSON artifact the audit writes, then rerun the audit.'),
    artifactTooLarge: def('artifact_too_large', 'error', 'The audit artifact is larger than the verifier reads', 'Keep bulky data out of the artifact (put it under trace_path), then rerun the audit.'),
    artifactUnparseable: def('artifact_unparseable', 'error', 'The audit artifact is not valid JSON', RERUN),
    artifactNotObject: def('artifact_not_object', 'error', 'The audit artifact is JSON but not an object', RERUN),
    duplicateKey: def('duplicate_key', 'error', 'The audit artifact repeats a key', 'Remove the repeated key: parsers disagree on which value wins. Rerun the audit.'),
    missingField: def('missing_field', 'error', 'A required field is missing or empty', RERUN),
    fieldType: def('field_type', 'error', 'A field has the wrong JSON type', RERUN),
    invalidVerdict: def('invalid_verdict', 'error', 'The verdict is not one of PASS WARN FAIL NOT_APPLICABLE BLOCKED ERROR', RERUN),
    wrongAuditSkill: def('wrong_audit_skill', 'error', 'The artifact was written by a different audit skill', 'Put each audit’s artifact at its own path, then rerun the audit.'),
    hashesNotObject: def('hashes_not_object', 'error', 'audited_input_hashes is not an object of path → sha256', RERUN),
    inputHashMalformed: def('input_hash_malformed', 'error', 'A recorded input hash is not sha256:<64 hex>', RERUN),
    inputStale: def('input_stale', 'error', 'An audited input changed after the audit ran', RERUN),
    inputMissing: def('input_missing', 'error', 'An audited input no longer exists', 'Restore the file, or rerun the audit on the current inputs.'),
    inputNotFile: def('input_not_file', 'error', 'An audited input is not a regular file', 'Point the audit at files, not directories or devices, and rerun it.'),
    inputUnreadable: def('input_unreadable', 'error', 'An audited input could not be read', 'Fix the file’s permissions (or the symlink loop), then run the verifier again.'),
    inputOutsideRoot: def('input_outside_root', 'error', 'An audited input lies outside the workspace, or in a git directory', 'Keep audited inputs in the repository’s work tree (never under .git), or run locally with --allow-outside-root.'),
    traceMissing: def('trace_missing', 'error', 'trace_path does not exist', 'Commit the audit trace at trace_path, or rerun the audit.'),
    traceEmpty: def('trace_empty', 'error', 'trace_path is an empty directory', 'Commit the audit trace at trace_path, or rerun the audit.'),
    traceEmptyFile: def('trace_empty_file', 'error', 'trace_path is an empty file', 'Commit the audit trace at trace_path, or rerun the audit.'),
    traceUnreadable: def('trace_unreadable', 'error', 'trace_path cannot be read (or is a FIFO, socket or device)', 'Replace trace_path with the trace directory or file, or rerun the audit.'),
    traceNotATrace: def('trace_not_a_trace', 'error', 'trace_path is not a trace: the paper directory or one above it, an audit artifact, or the verifier’s own files', 'Point trace_path at the directory or file holding the reviewer prompt and response, and rerun the audit.'),
    noAuditedInputs: def('no_audited_inputs', 'warning', 'The audit cites no inputs, so nothing it concluded can be checked for staleness', 'Rerun the audit so it records the sha256 of every file it read in audited_input_hashes.'),
    traceOutsideRoot: def('trace_outside_root', 'error', 'trace_path lies outside the workspace, or in a git directory', 'Keep traces in the repository’s work tree (never under .git), or run locally with --allow-outside-root.'),
    invalidReviewIndependence: def('invalid_review_independence', 'error', 'review_independence is not same-family, cross-family or deterministic', RERUN),
    unrecognizedModelFamily: def('unrecognized_model_family', 'error', 'The executor or reviewer model family cannot be recognised', 'Record the exact model names (e.g. gpt-5.5, claude-opus-4), then rerun the audit.'),
    executorFamilyMismatch: def('executor_family_mismatch', 'error', 'executor_family disagrees with executor_model', RERUN),
    reviewerFamilyMismatch: def('reviewer_family_mismatch', 'error', 'reviewer_family disagrees with reviewer_model', RERUN),
    sameFamilyMismatch: def('same_family_independence_mismatch', 'error', 'same-family review claimed but the families differ or one is deterministic', RERUN),
    crossFamilyMismatch: def('cross_family_independence_mismatch', 'error', 'cross-family review claimed but the families are the same or the reviewer is deterministic', 'Rerun the audit with a reviewer from another model family.'),
    deterministicMismatch: def('deterministic_independence_mismatch', 'error', 'deterministic review claimed but the reviewer is a model', RERUN),
    acceptanceStatusMismatch: def('acceptance_status_mismatch', 'error', 'acceptance_status does not follow from review_independence', RERUN),
    verdictFail: def('verdict_fail', 'error', 'The audit found disqualifying issues (FAIL)', 'Fix what the audit reports, then rerun it.'),
    verdictBlocked: def('verdict_blocked', 'error', 'The audit could not run: prerequisites are missing (BLOCKED)', 'Add the missing prerequisites and rerun the audit, or downgrade to assurance: draft.'),
    verdictError: def('verdict_error', 'error', 'The audit invocation failed (ERROR)', RERUN),
    manifestInvalid: def('manifest_invalid', 'error', 'The audit manifest (.aris/audit-manifest.json) is malformed', 'Fix .aris/audit-manifest.json ({"schema_version":"1","audits":[{"artifact","audit_skill"}]}), or delete it to use the default four audits.'),
    assuranceInvalid: def('assurance_invalid', 'error', '.aris/assurance.txt or the configured assurance/effort is not a known value', 'Write draft or submission in .aris/assurance.txt (effort: lite, balanced, max or beast).'),
};
const ARIS_CODES = Object.values(ARIS);

;// CONCATENATED MODULE: ./src/packs/aris/independence.ts

const FAMILIES = [
    ['anthropic', ['claude', 'opus', 'sonnet', 'haiku']],
    ['openai', ['gpt', 'codex', 'oracle', 'chatgpt', 'o1', 'o3', 'o4']],
    ['google', ['gemini', 'palm', 'bard']],
    ['deepseek', ['deepseek']],
    ['minimax', ['minimax', 'abab']],
    ['moonshot', ['kimi', 'moonshot']],
    ['qwen', ['qwen', 'tongyi']],
    ['xai', ['grok']],
    ['meta', ['llama']],
    ['mistral', ['mistral', 'mixtral']],
];
const WHOLE_TOKEN = new Set(['o1', 'o3', 'o4']);
/** The model family a model name belongs to, as the legacy verifier recognises it. */
function modelFamily(name) {
    const n = (typeof name === 'string' ? name : '').trim().toLowerCase();
    if (n === 'deterministic' || n.startsWith('deterministic:'))
        return 'deterministic';
    const tokens = new Set(n.split(/[^a-z0-9.]+/));
    const found = new Set();
    for (const [family, needles] of FAMILIES) {
        if (needles.some((needle) => (WHOLE_TOKEN.has(needle) ? tokens.has(needle) : n.includes(needle)))) {
            found.add(family);
        }
    }
    return found.size === 1 ? [...found][0] : 'unknown';
}
/** Python's str() of a JSON value, so issue strings match the legacy verifier's exactly. */
function pyStr(v) {
    if (v === undefined || v === null)
        return 'None';
    if (v === true)
        return 'True';
    if (v === false)
        return 'False';
    if (typeof v === 'string')
        return v;
    return JSON.stringify(v);
}
/** Python's truthiness, which the legacy "field missing or empty" test relies on. */
function pyTruthy(v) {
    if (Array.isArray(v))
        return v.length > 0;
    if (v !== null && typeof v === 'object')
        return Object.keys(v).length > 0;
    return Boolean(v);
}
/**
 * Review independence (report v2): artifacts that declare any of the five fields must declare
 * all of them, and the declared families and acceptance must follow from the model names.
 */
function checkIndependence(data) {
    const fields = [
        'review_independence',
        'acceptance_status',
        'executor_model',
        'executor_family',
        'reviewer_family',
    ];
    if (!fields.some((k) => Object.hasOwn(data, k)))
        return { label: 'legacy-unspecified', issues: [] };
    const issues = [];
    for (const k of fields)
        if (!pyTruthy(data[k]))
            issues.push({ kind: 'missing_field', field: k });
    const independence = Object.hasOwn(data, 'review_independence')
        ? pyStr(data.review_independence)
        : '';
    if (!['same-family', 'cross-family', 'deterministic'].includes(independence)) {
        issues.push({ kind: 'invalid_review_independence', value: independence });
    }
    const executor = modelFamily(data.executor_model);
    const reviewer = modelFamily(data.reviewer_model);
    if (reviewer === 'unknown' || (independence !== 'deterministic' && executor === 'unknown')) {
        issues.push({ kind: 'unrecognized_model_family', executor, reviewer });
    }
    if (data.executor_family !== executor) {
        issues.push({
            kind: 'executor_family_mismatch',
            got: pyStr(data.executor_family),
            want: executor,
            absent: data.executor_family === undefined || data.executor_family === null,
        });
    }
    if (data.reviewer_family !== reviewer) {
        issues.push({
            kind: 'reviewer_family_mismatch',
            got: pyStr(data.reviewer_family),
            want: reviewer,
            absent: data.reviewer_family === undefined || data.reviewer_family === null,
        });
    }
    let expected = 'accepted';
    if (independence === 'same-family') {
        expected = 'provisional';
        if (executor === 'deterministic' || reviewer === 'deterministic' || executor !== reviewer) {
            issues.push({ kind: 'same_family_independence_mismatch' });
        }
    }
    else if (independence === 'cross-family') {
        if (reviewer === 'deterministic' || executor === reviewer)
            issues.push({ kind: 'cross_family_independence_mismatch' });
    }
    else if (reviewer !== 'deterministic') {
        // The legacy verifier treats any other value (including an invalid one) as deterministic.
        issues.push({ kind: 'deterministic_independence_mismatch' });
    }
    if (data.acceptance_status !== expected) {
        issues.push({
            kind: 'acceptance_status_mismatch',
            got: pyStr(data.acceptance_status),
            want: expected,
        });
    }
    return { label: independence, issues };
}
function independenceIssueString(i) {
    switch (i.kind) {
        case 'missing_field':
            return `missing_field:${i.field}`;
        case 'invalid_review_independence':
            return `invalid_review_independence:${valueExcerpt(i.value)}`;
        case 'unrecognized_model_family':
            return `unrecognized_model_family:executor=${i.executor},reviewer=${i.reviewer}`;
        case 'executor_family_mismatch':
        case 'reviewer_family_mismatch':
        case 'acceptance_status_mismatch':
            return `${i.kind}:${valueExcerpt(i.got)}_vs_${i.want}`;
        default:
            return i.kind;
    }
}

;// CONCATENATED MODULE: ./src/packs/aris/schema.ts

const VERDICTS = ['PASS', 'WARN', 'FAIL', 'NOT_APPLICABLE', 'BLOCKED', 'ERROR'];
const Verdict = schemas_enum(VERDICTS);
const BLOCKING_VERDICTS = new Set(['FAIL', 'BLOCKED', 'ERROR']);
const ReviewIndependence = schemas_enum(['same-family', 'cross-family', 'deterministic']);
const INDEPENDENCE_FIELDS = (/* unused pure expression or super */ null && ([
    'review_independence',
    'acceptance_status',
    'executor_model',
    'executor_family',
    'reviewer_family',
]));
/** The verdict artifact every mandatory audit writes (seed 000, "Audit artifact schema"). */
const AuditArtifact = object({
    audit_skill: schemas_string().describe('e.g. paper-claim-audit'),
    verdict: Verdict,
    reason_code: schemas_string(),
    summary: schemas_string(),
    audited_input_hashes: record(schemas_string(), schemas_string())
        .describe('Path (relative to the paper dir, or absolute) → "sha256:<64 hex>"'),
    trace_path: schemas_string()
        .min(1)
        .describe('Directory or file holding the reviewer prompt and response'),
    thread_id: schemas_string().optional(),
    agent_id: schemas_string().optional(),
    reviewer_model: schemas_string(),
    reviewer_reasoning: schemas_string(),
    generated_at: schemas_string().describe('UTC ISO-8601 timestamp'),
    review_independence: ReviewIndependence.optional(),
    acceptance_status: schemas_enum(['accepted', 'provisional']).optional(),
    executor_model: schemas_string().optional(),
    executor_family: schemas_string().optional(),
    reviewer_family: schemas_string().optional(),
    details: unknown().optional(),
})
    .loose();
/** Fields whose absence the legacy verifier reports as missing_field:<name>, in its order. */
const REQUIRED_FIELDS = [
    'audit_skill',
    'verdict',
    'reason_code',
    'summary',
    'audited_input_hashes',
    'trace_path',
    'reviewer_model',
    'reviewer_reasoning',
    'generated_at',
];
/** `.aris/audit-manifest.json`: which audits applied to this paper in this run. */
const AuditManifest = object({
    schema_version: literal('1'),
    audits: array(object({
        artifact: schemas_string().min(1).describe('Artifact path relative to the paper dir'),
        // Named in every message about the audit, so it must stay a name.
        audit_skill: schemas_string().min(1).max(100).describe('The skill that writes the artifact'),
    })
        .strict())
        .min(1),
})
    .strict();
const DEFAULT_AUDITS = [
    { artifact: 'PROOF_AUDIT.json', skill: 'proof-checker' },
    { artifact: 'PAPER_CLAIM_AUDIT.json', skill: 'paper-claim-audit' },
    { artifact: 'CITATION_AUDIT.json', skill: 'citation-audit' },
    { artifact: 'KILL_ARGUMENT.json', skill: 'kill-argument' },
];
/** The report verify_paper_audits.sh (version 2) writes; ours adds fields, never removes. */
const LegacyAuditRow = object({
    audit: schemas_string(),
    status: schemas_enum([
        'OK',
        'STALE',
        'BLOCKING_VERDICT',
        'HAS_ISSUES',
        'SCHEMA_INVALID',
        'MISSING',
        'MISSING_DRAFT_OK',
    ]),
    verdict: schemas_string(),
    stale: schemas_boolean(),
    review_independence: schemas_string(),
    issues: array(schemas_string()),
    artifact: schemas_string().describe('Repo-relative artifact path (added)'),
    trace_location: schemas_string()
        .optional()
        .describe('Where trace_path was found, repo-relative (added)'),
});
const ArisReport = object({
    verifier_version: literal('2'),
    paper_dir: schemas_string(),
    assurance: schemas_enum(['draft', 'submission']),
    generated_at: schemas_string(),
    any_problem: schemas_boolean(),
    submission_blocking: schemas_boolean(),
    overall_assurance: schemas_enum(['accepted', 'provisional', 'blocked']),
    audits: array(LegacyAuditRow),
    submission_ready: schemas_enum(['yes', 'no']),
    effort: schemas_string().optional(),
    assurance_source: schemas_string(),
    manifest: schemas_string().describe('Where the audit list came from: the manifest path or "default"'),
    verifier: object({ name: schemas_string(), version: schemas_string() }),
    findings: array(unknown()),
});

;// CONCATENATED MODULE: ./src/packs/aris/audit.ts








const HEX64 = /^[0-9a-fA-F]{64}$/;
/** The inputs an artifact cites, resolved inside the workspace (nothing is read yet). */
function auditInputs(loaded, ctx) {
    if (loaded.state !== 'ok')
        return [];
    const hashes = loaded.data.audited_input_hashes;
    if (hashes === null || typeof hashes !== 'object' || Array.isArray(hashes))
        return [];
    return Object.entries(hashes).map(([key, recorded]) => ({
        key,
        recorded,
        resolved: ctx.ws.resolve(ctx.paperDir, key),
    }));
}
async function checkAudit(spec, loaded, ctx) {
    const subjectId = `${ctx.targetId}/${spec.artifact}`;
    const subject = {
        id: subjectId,
        target: ctx.targetId,
        pack: 'aris',
        kind: 'audit',
        name: spec.skill,
        path: loaded.rel,
        status: 'OK',
        outcome: 'pass',
    };
    const findings = [];
    const rerun = rerunHow(spec, ctx);
    const at = (line) => line ? { path: loaded.rel, line } : { path: loaded.rel };
    const add = (def, message, issue, line, extra = {}) => {
        findings.push(finding(def, {
            subject: subjectId,
            message,
            location: at(line),
            issue,
            remediation: def.remediation.startsWith('Rerun the audit') ? rerun : def.remediation,
            ...extra,
        }));
    };
    const row = (status, verdict, independence, issues, stale = false) => ({
        audit: spec.skill,
        status,
        verdict,
        stale,
        review_independence: independence,
        issues,
        artifact: loaded.rel,
    });
    if (loaded.state === 'missing') {
        if (ctx.assurance === 'draft') {
            return {
                row: row('MISSING_DRAFT_OK', '', 'unavailable', []),
                subject: { ...subject, status: 'MISSING_DRAFT_OK', outcome: 'skipped' },
                findings,
                problem: false,
                blocking: false,
                provisional: true,
            };
        }
        const issue = `missing_artifact: ${spec.artifact}`;
        add(ARIS.artifactMissing, `${spec.skill} wrote no artifact at ${loaded.rel}: a mandatory audit was skipped.`, issue, undefined, {
            remediation: `Run the ${spec.skill} skill on ${paperOf(ctx)} (it must write ${spec.artifact} even when nothing applies: NOT_APPLICABLE), then run audit-gate again${orDraft(ctx)}.`,
        });
        return {
            row: row('MISSING', '', 'unavailable', [issue]),
            subject: { ...subject, status: 'MISSING' },
            findings,
            problem: true,
            blocking: true,
            provisional: false,
        };
    }
    if (loaded.state === 'bad') {
        const issueFor = {
            unreadable: [ARIS.artifactUnreadable, `schema_invalid:cannot_read:${loaded.detail}`],
            outside_root: [ARIS.artifactUnreadable, `schema_invalid:outside_root`],
            too_large: [ARIS.artifactTooLarge, `schema_invalid:too_large`],
            unparseable: [ARIS.artifactUnparseable, `schema_invalid:cannot_parse_json:${loaded.detail}`],
            not_object: [ARIS.artifactNotObject, `schema_invalid:not_an_object`],
        };
        const [def, issue] = issueFor[loaded.why];
        add(def, `${loaded.rel} ${loaded.detail}.`, issue, loaded.line);
        return {
            row: row('SCHEMA_INVALID', '', 'unavailable', [issue]),
            subject: { ...subject, status: 'SCHEMA_INVALID' },
            findings,
            problem: true,
            blocking: ctx.assurance === 'submission',
            provisional: true,
        };
    }
    const data = loaded.data;
    const lineOf = (...p) => loaded.doc.lineOf(p);
    const issues = [];
    const issue = (def, message, text, line, extra = {}) => {
        issues.push(text);
        add(def, message, text, line, extra);
    };
    for (const dup of loaded.doc.duplicates) {
        issue(ARIS.duplicateKey, `${loaded.rel} repeats the key ${quoteValue(dup.key)}; readers may see different values.`, `schema_invalid:duplicate_key:${valueExcerpt(dup.key)}`, dup.line);
    }
    // Required fields, then their types (the zod schema is the source of truth for types).
    const shape = AuditArtifact.shape;
    for (const k of REQUIRED_FIELDS) {
        if (!Object.hasOwn(data, k))
            issue(ARIS.missingField, `${loaded.rel} has no "${k}" field.`, `missing_field:${k}`, 1);
    }
    if (!pyTruthy(data.thread_id) && !pyTruthy(data.agent_id)) {
        issue(ARIS.missingField, `${loaded.rel} has neither "thread_id" nor "agent_id".`, 'missing_field:thread_id_or_agent_id', 1);
    }
    if (data.trace_path === '') {
        issue(ARIS.missingField, `${loaded.rel} has an empty "trace_path".`, 'missing_field:trace_path', lineOf('trace_path'));
    }
    for (const k of [...REQUIRED_FIELDS, 'thread_id', 'agent_id']) {
        if (k === 'verdict' || k === 'audited_input_hashes' || !Object.hasOwn(data, k))
            continue;
        const v = data[k];
        if ((k === 'trace_path' && v === '') || ((k === 'thread_id' || k === 'agent_id') && v === null))
            continue;
        const r = shape[k].safeParse(v);
        if (!r.success) {
            issue(ARIS.fieldType, `"${k}" in ${loaded.rel} should be a string, not ${jsonType(v)}.`, `invalid_field_type:${k}:${jsonType(v)}`, lineOf(k));
        }
    }
    // Verdict.
    const rawVerdict = data.verdict;
    const verdict = typeof rawVerdict === 'string' ? rawVerdict : '';
    if (rawVerdict !== undefined && typeof rawVerdict !== 'string') {
        issue(ARIS.fieldType, `"verdict" in ${loaded.rel} should be a string, not ${jsonType(rawVerdict)}.`, `invalid_verdict:${valueExcerpt(pyStr(rawVerdict))}`, lineOf('verdict'));
    }
    else if (!VERDICTS.includes(verdict)) {
        const hint = VERDICTS.includes(verdict.toUpperCase()) && verdict !== ''
            ? ` Verdicts are upper case: ${verdict.toUpperCase()}.`
            : '';
        issue(ARIS.invalidVerdict, `${loaded.rel} has verdict ${quoteValue(verdict)}, not one of ${VERDICTS.join(' ')}.${hint}`, `invalid_verdict:${valueExcerpt(verdict)}`, lineOf('verdict') ?? 1);
    }
    // The legacy script skipped this check for a falsy audit_skill, so "" passed as any skill.
    // A blank name says nothing about which audit wrote the artifact: it is a missing field.
    if (typeof data.audit_skill === 'string' && data.audit_skill.trim() === '') {
        issue(ARIS.missingField, `${loaded.rel} has an empty "audit_skill"; it must name the audit that wrote it (${spec.skill}).`, 'missing_field:audit_skill', lineOf('audit_skill'));
    }
    else if (pyTruthy(data.audit_skill) && data.audit_skill !== spec.skill) {
        issue(ARIS.wrongAuditSkill, `${loaded.rel} was written by ${quoteValue(pyStr(data.audit_skill))}, but ${spec.skill} is expected there.`, `wrong_audit_skill:${valueExcerpt(pyStr(data.audit_skill))}_vs_${spec.skill}`, lineOf('audit_skill'));
    }
    // Review independence.
    const independence = checkIndependence(data);
    for (const ii of independence.issues) {
        const [def, line] = independenceFinding(ii, lineOf);
        issue(def, independenceMessage(ii, loaded.rel), independenceIssueString(ii), line ?? 1);
    }
    // Input hashes.
    const rawHashes = data.audited_input_hashes;
    const stale = [];
    if (Object.hasOwn(data, 'audited_input_hashes') &&
        (rawHashes === null || typeof rawHashes !== 'object' || Array.isArray(rawHashes))) {
        issue(ARIS.hashesNotObject, `"audited_input_hashes" in ${loaded.rel} is ${jsonType(rawHashes)}, not an object of path → sha256.`, 'audited_input_hashes_not_dict', lineOf('audited_input_hashes'));
    }
    const staleFinding = (def, ref, suffix, message, related) => {
        const text = `stale:${ref.key}${suffix}`;
        stale.push(text);
        add(def, message, text, lineOf('audited_input_hashes', ref.key), {
            related,
            remediation: def === ARIS.inputStale || def === ARIS.inputHashMalformed ? rerun : def.remediation,
        });
    };
    for (const ref of auditInputs(loaded, ctx)) {
        const r = ref.resolved;
        if (!r.ok) {
            if (r.reason === 'outside_root')
                staleFinding(ARIS.inputOutsideRoot, ref, ':outside_root', `Input ${quoteValue(ref.key)} ${r.detail}; it was not read.`);
            else if (r.reason === 'missing')
                staleFinding(ARIS.inputMissing, ref, ':file_gone', `Input ${quoteValue(ref.key)} cited by ${loaded.rel} no longer exists.`);
            else
                staleFinding(ARIS.inputUnreadable, ref, `:read_error_${r.detail}`, `Input ${quoteValue(ref.key)} ${r.detail}.`);
            continue;
        }
        const h = await ctx.hashes(r.real);
        if (!h.ok) {
            if (h.reason === 'missing')
                staleFinding(ARIS.inputMissing, ref, ':file_gone', `Input ${quoteValue(ref.key)} cited by ${loaded.rel} no longer exists.`);
            else if (h.reason === 'not_file')
                staleFinding(ARIS.inputNotFile, ref, ':not_a_file', `Input ${quoteValue(ref.key)} ${h.detail}, not a file.`);
            else
                staleFinding(ARIS.inputUnreadable, ref, `:read_error_${h.detail}`, `Input ${quoteValue(ref.key)} could not be read: ${h.detail}.`);
            continue;
        }
        const recorded = typeof ref.recorded === 'string' ? ref.recorded.replace(/^sha256:/, '') : undefined;
        if (recorded === undefined || !HEX64.test(recorded)) {
            staleFinding(ARIS.inputHashMalformed, ref, ':malformed_hash', `The hash recorded for ${quoteValue(ref.key)} is ${recorded === undefined ? jsonType(ref.recorded) : quoteValue(recorded)}, not sha256:<64 hex>.`);
            continue;
        }
        if (recorded.toLowerCase() !== h.sha256) {
            staleFinding(ARIS.inputStale, ref, '', `${r.rel} changed after ${spec.skill} audited it (recorded ${audit_short(recorded)}, now ${audit_short(h.sha256)}).`, [{ path: r.rel }]);
        }
    }
    // Trace.
    let traceLocation;
    if (typeof data.trace_path === 'string' && data.trace_path !== '') {
        const t = checkTrace(data.trace_path, spec, ctx);
        if (t.issue) {
            const [def, text, message] = t.issue;
            issue(def, message, text, lineOf('trace_path'));
        }
        else
            traceLocation = t.location;
    }
    if (['PASS', 'WARN', 'FAIL'].includes(verdict) &&
        rawHashes !== null &&
        typeof rawHashes === 'object' &&
        !Array.isArray(rawHashes) &&
        Object.keys(rawHashes).length === 0) {
        add(ARIS.noAuditedInputs, `${spec.skill} returned ${verdict} but cites no inputs in ${loaded.rel}, so its verdict cannot be tied to any file.`, undefined, lineOf('audited_input_hashes'));
    }
    const isStale = stale.length > 0;
    const allIssues = [...issues, ...stale];
    const blockingVerdict = BLOCKING_VERDICTS.has(verdict);
    if (blockingVerdict) {
        const reasonCode = typeof data.reason_code === 'string' ? data.reason_code : '';
        const def = verdict === 'FAIL'
            ? ARIS.verdictFail
            : verdict === 'BLOCKED'
                ? ARIS.verdictBlocked
                : ARIS.verdictError;
        const summary = typeof data.summary === 'string' && data.summary ? ` ${quoteValue(data.summary)}` : '';
        add(def, `${spec.skill} returned ${verdict}${reasonCode ? ` (${valueExcerpt(reasonCode)})` : ''}.${summary}`, undefined, lineOf('verdict'), {
            remediation: verdictRemediation(spec.skill, verdict, reasonCode, orDraft(ctx)),
        });
    }
    const status = verdict === ''
        ? 'SCHEMA_INVALID'
        : isStale
            ? 'STALE'
            : blockingVerdict
                ? 'BLOCKING_VERDICT'
                : allIssues.length > 0
                    ? 'HAS_ISSUES'
                    : 'OK';
    const submission = ctx.assurance === 'submission';
    const problem = isStale || allIssues.length > 0 || (submission && blockingVerdict);
    const label = independence.label;
    const out = row(status, verdict, label, allIssues, isStale);
    if (traceLocation)
        out.trace_location = traceLocation;
    const reason = [
        typeof data.reason_code === 'string' ? valueExcerpt(data.reason_code) : '',
        typeof data.summary === 'string' ? valueExcerpt(data.summary) : '',
    ]
        .filter(Boolean)
        .join(': ');
    return {
        row: out,
        subject: { ...subject, status, ...(verdict ? { verdict } : {}), ...(reason ? { reason } : {}) },
        findings,
        problem,
        blocking: submission && problem,
        provisional: label === 'same-family' || label === 'legacy-unspecified' || verdict === '',
    };
}
function isAncestorOrSelf(dir, of) {
    return of === dir || of.startsWith(dir.endsWith((external_node_path_default()).sep) ? dir : dir + (external_node_path_default()).sep);
}
/** The paper dir as the user names it (repository-relative). */
function paperOf(ctx) {
    return ctx.ws.rel(ctx.paperDir) || '.';
}
/** How to rerun an audit: the ARIS skill, where, and what it rewrites. */
function rerunHow(spec, ctx) {
    return `Run the ${spec.skill} skill on ${paperOf(ctx)} (it rewrites ${spec.artifact}), then run audit-gate again.`;
}
/** The way out that only a paper checked at submission has. */
function orDraft(ctx) {
    return ctx.assurance === 'submission' ? ', or downgrade to assurance: draft' : '';
}
function verdictRemediation(skill, verdict, reasonCode, orDraft) {
    if (verdict === 'BLOCKED' && reasonCode === 'no_raw_evidence') {
        return `Add results/ (the raw result files the numeric claims come from) and rerun ${skill}${orDraft}.`;
    }
    if (verdict === 'BLOCKED')
        return `Provide what ${skill} needs and rerun it${orDraft}.`;
    if (verdict === 'ERROR')
        return `Rerun ${skill}; the audit itself failed (network, timeout or malformed reviewer output).`;
    return `Fix the issues ${skill} reports, then rerun ${skill}.`;
}
/** The verifier's own files under a paper's (or an ancestor's) `.aris` directory. */
const ARIS_STATE_FILES = [
    ['.aris/audit-verifier-report.json', 'the verifier’s own report'],
    ['.aris/assurance.txt', 'the assurance setting'],
    ['.aris/audit-manifest.json', 'the audit manifest'],
];
/**
 * Paths that exist whatever the audit did, so they prove nothing as a trace: the audit
 * artifacts (this paper's, and the default four in every directory the trace is looked up in),
 * the verifier's report, assurance.txt, the manifest and the .aris directory itself. Keyed by
 * canonical path (see `canonical`), valued by a description for the message.
 */
function notATraceTargets(ctx, bases, ownArtifact) {
    const out = new Map();
    const add = (abs, what) => {
        const key = canonical(abs);
        if (!out.has(key))
            out.set(key, what);
    };
    for (const a of ctx.artifacts) {
        const abs = external_node_path_default().resolve(ctx.paperDir, a);
        add(abs, a === ownArtifact
            ? `this audit’s own artifact (${ctx.ws.rel(abs)})`
            : `the audit artifact ${ctx.ws.rel(abs)}`);
    }
    for (const base of bases) {
        for (const [file, what] of ARIS_STATE_FILES)
            add(external_node_path_default().join(base, file), `${what} (${ctx.ws.rel(external_node_path_default().join(base, file))})`);
        add(external_node_path_default().join(base, '.aris'), `the ${ctx.ws.rel(external_node_path_default().join(base, '.aris'))} directory, where the verifier keeps its settings and report`);
        for (const a of DEFAULT_AUDITS)
            add(external_node_path_default().join(base, a.artifact), `the audit artifact ${ctx.ws.rel(external_node_path_default().join(base, a.artifact))}`);
    }
    return out;
}
/**
 * The real path of `abs`, or, when it does not exist, the real path of its nearest existing
 * ancestor joined with the rest: symlinks are followed as far as they go, so two spellings
 * of one file compare equal whether or not it exists yet.
 */
function canonical(abs) {
    const rest = [];
    for (let d = external_node_path_default().resolve(abs);; d = external_node_path_default().dirname(d)) {
        try {
            return external_node_path_default().join(external_node_fs_default().realpathSync(d), ...rest.reverse());
        }
        catch {
            if (external_node_path_default().dirname(d) === d)
                return external_node_path_default().resolve(abs);
            rest.push(external_node_path_default().basename(d));
        }
    }
}
function checkTrace(tracePath, spec, ctx) {
    // Traces may be written at the repository top level (.aris/traces/...) rather than in the
    // paper dir: look in the paper dir, then each ancestor up to the workspace root.
    const bases = [];
    for (let d = ctx.paperDir; ctx.ws.contains(d); d = external_node_path_default().dirname(d)) {
        bases.push(d);
        if (d === ctx.ws.root)
            break;
    }
    const lookIn = external_node_path_default().isAbsolute(tracePath) ? [ctx.paperDir] : bases;
    let targets;
    const notATrace = (clause) => ({
        issue: [
            ARIS.traceNotATrace,
            `trace_path_not_a_trace:${tracePath}`,
            `trace_path ${quoteValue(tracePath)} ${clause}. It must name the directory or file ${spec.skill} wrote with the reviewer’s prompt and response (such as .aris/traces/${spec.skill}/<run>/).`,
        ],
    });
    let firstFailure;
    for (const base of lookIn) {
        const r = ctx.ws.resolve(base, tracePath);
        if (!r.ok) {
            firstFailure ??= r;
            if (r.reason === 'missing')
                continue;
            break;
        }
        targets ??= notATraceTargets(ctx, bases, spec.artifact);
        const what = targets.get(r.real);
        if (what)
            return notATrace(`is ${what}, not a trace`);
        const st = statPath(r.real);
        if (st.kind === 'dir' && isAncestorOrSelf(r.real, ctx.paperDir))
            return notATrace('is the paper directory or a directory above it, so any file there would count as the trace');
        if (st.kind === 'dir') {
            // A directory holding an artifact or the verifier's files would let them count as the trace.
            const held = [...targets].find(([p]) => isAncestorOrSelf(r.real, p) && external_node_fs_default().existsSync(p));
            if (held)
                return notATrace(`is a directory holding ${held[1]}, which would count as the trace`);
            try {
                const d = external_node_fs_default().opendirSync(r.real);
                const first = d.readSync();
                d.closeSync();
                if (!first)
                    return {
                        issue: [
                            ARIS.traceEmpty,
                            `trace_path_empty:${tracePath}`,
                            `trace_path ${quoteValue(tracePath)} is an empty directory.`,
                        ],
                    };
            }
            catch (err) {
                return {
                    issue: [
                        ARIS.traceUnreadable,
                        `trace_path_unreadable:${tracePath}`,
                        `trace_path ${quoteValue(tracePath)} cannot be listed: ${err.message}.`,
                    ],
                };
            }
            return { location: r.rel };
        }
        if (st.kind === 'file') {
            if (st.size === 0)
                return {
                    issue: [
                        ARIS.traceEmptyFile,
                        `trace_path_empty_file:${tracePath}`,
                        `trace_path ${quoteValue(tracePath)} is an empty file.`,
                    ],
                };
            return { location: r.rel };
        }
        return {
            issue: [
                ARIS.traceUnreadable,
                `trace_path_unreadable:${tracePath}`,
                `trace_path ${quoteValue(tracePath)} ${st.detail || 'cannot be read'}.`,
            ],
        };
    }
    if (firstFailure && !firstFailure.ok && firstFailure.reason === 'missing') {
        // Not written yet (the verifier's report before its first run): still not a trace.
        targets ??= notATraceTargets(ctx, bases, spec.artifact);
        for (const base of lookIn) {
            const what = targets.get(canonical(external_node_path_default().resolve(base, tracePath)));
            if (what)
                return notATrace(`is ${what}, not a trace`);
        }
    }
    if (firstFailure && !firstFailure.ok && firstFailure.reason === 'outside_root') {
        return {
            issue: [
                ARIS.traceOutsideRoot,
                `trace_path_outside_root:${tracePath}`,
                `trace_path ${quoteValue(tracePath)} ${firstFailure.detail}; it was not read.`,
            ],
        };
    }
    if (firstFailure && !firstFailure.ok && firstFailure.reason !== 'missing') {
        return {
            issue: [
                ARIS.traceUnreadable,
                `trace_path_unreadable:${tracePath}`,
                `trace_path ${quoteValue(tracePath)} ${firstFailure.detail}.`,
            ],
        };
    }
    return {
        issue: [
            ARIS.traceMissing,
            `trace_path_missing:${tracePath}`,
            `trace_path ${quoteValue(tracePath)} does not exist (looked in the paper dir and each directory above it up to the repository root).`,
        ],
    };
}
function independenceFinding(i, lineOf) {
    switch (i.kind) {
        case 'missing_field':
            return [ARIS.missingField, lineOf(i.field)];
        case 'invalid_review_independence':
            return [ARIS.invalidReviewIndependence, lineOf('review_independence')];
        case 'unrecognized_model_family':
            return [ARIS.unrecognizedModelFamily, lineOf('executor_model') ?? lineOf('reviewer_model')];
        case 'executor_family_mismatch':
            return [ARIS.executorFamilyMismatch, lineOf('executor_family')];
        case 'reviewer_family_mismatch':
            return [ARIS.reviewerFamilyMismatch, lineOf('reviewer_family')];
        case 'same_family_independence_mismatch':
            return [ARIS.sameFamilyMismatch, lineOf('review_independence')];
        case 'cross_family_independence_mismatch':
            return [ARIS.crossFamilyMismatch, lineOf('review_independence')];
        case 'deterministic_independence_mismatch':
            return [ARIS.deterministicMismatch, lineOf('review_independence')];
        case 'acceptance_status_mismatch':
            return [ARIS.acceptanceStatusMismatch, lineOf('acceptance_status')];
    }
}
function independenceMessage(i, rel) {
    switch (i.kind) {
        case 'missing_field':
            return `${rel} declares review independence but "${i.field}" is missing or empty.`;
        case 'invalid_review_independence':
            return `review_independence ${quoteValue(i.value)} in ${rel} is not same-family, cross-family or deterministic.`;
        case 'unrecognized_model_family':
            return `The model family in ${rel} is not recognised (executor: ${i.executor}, reviewer: ${i.reviewer}).`;
        case 'executor_family_mismatch':
        case 'reviewer_family_mismatch': {
            const role = i.kind === 'executor_family_mismatch' ? 'executor' : 'reviewer';
            return i.absent
                ? `${role}_family is missing in ${rel}; ${role}_model is of family ${i.want}.`
                : `${role}_family ${quoteValue(i.got)} in ${rel} does not match ${role}_model (family ${i.want}).`;
        }
        case 'same_family_independence_mismatch':
            return `${rel} claims a same-family review, but the executor and reviewer families differ or one is deterministic.`;
        case 'cross_family_independence_mismatch':
            return `${rel} claims a cross-family review, but the families are the same or the reviewer is deterministic.`;
        case 'deterministic_independence_mismatch':
            return `${rel} claims a deterministic review, but the reviewer is a model.`;
        case 'acceptance_status_mismatch':
            return `acceptance_status ${quoteValue(i.got)} in ${rel} should be "${i.want}" for this kind of review.`;
    }
}
function jsonType(v) {
    if (v === null)
        return 'null';
    if (Array.isArray(v))
        return 'an array';
    if (typeof v === 'object')
        return 'an object';
    if (typeof v === 'string')
        return 'a string';
    if (typeof v === 'number')
        return 'a number';
    if (typeof v === 'boolean')
        return 'a boolean';
    return typeof v;
}
function audit_short(hex) {
    return `${hex.slice(0, 12)}…`;
}

// EXTERNAL MODULE: ./node_modules/jsonc-parser/lib/umd/main.js
var main = __nccwpck_require__(547);
;// CONCATENATED MODULE: ./src/io/lines.ts
/** Maps character offsets in a text to 1-based line and column numbers. */
class LineIndex {
    starts = [0];
    constructor(text) {
        for (let i = 0; i < text.length; i++)
            if (text.charCodeAt(i) === 10)
                this.starts.push(i + 1);
    }
    position(offset) {
        let lo = 0;
        let hi = this.starts.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (this.starts[mid] <= offset)
                lo = mid;
            else
                hi = mid - 1;
        }
        return { line: lo + 1, column: offset - this.starts[lo] + 1 };
    }
}

;// CONCATENATED MODULE: ./src/io/json.ts


/** A parsed JSON document that can say on which line any value or key stands. */
class JsonDoc {
    tree;
    lines;
    duplicates;
    /** Per object node, its keys → property nodes; built on first lookup, so each lookup is O(depth). */
    keyIndex = new WeakMap();
    constructor(tree, lines, duplicates) {
        this.tree = tree;
        this.lines = lines;
        this.duplicates = duplicates;
    }
    /**
     * Line of the property `path` (its key), or of the array element; undefined when absent.
     * For a repeated key it is the last occurrence, the one whose value the parsed value holds.
     */
    lineOf(path) {
        let node = this.tree;
        let anchor = node;
        for (const segment of path) {
            if (typeof segment === 'string') {
                if (node.type !== 'object')
                    return undefined;
                const prop = this.propertiesOf(node).get(segment);
                const value = prop?.children?.[1];
                if (!prop || !value)
                    return undefined;
                node = value;
                anchor = prop;
            }
            else {
                if (node.type !== 'array' || !node.children)
                    return undefined;
                const element = node.children[segment];
                if (!element)
                    return undefined;
                node = element;
                anchor = element;
            }
        }
        return this.lines.position(anchor.offset).line;
    }
    propertiesOf(object) {
        let props = this.keyIndex.get(object);
        if (!props) {
            // A Map, not a plain object: "__proto__" and "constructor" are ordinary keys here.
            props = new Map();
            for (const prop of object.children ?? []) {
                const [keyNode, valueNode] = prop.children ?? [];
                // Later occurrences overwrite earlier ones: the last one wins, as in toValue.
                if (keyNode && valueNode)
                    props.set(String(keyNode.value), prop);
            }
            this.keyIndex.set(object, props);
        }
        return props;
    }
}
/**
 * Strict JSON (RFC 8259): no comments, no trailing commas, no BOM, no NaN. Duplicate keys
 * are recorded (the last one wins, as in most parsers) so callers can flag the ambiguity.
 */
function parseJson(text) {
    const lines = new LineIndex(text);
    if (text.charCodeAt(0) === 0xfeff) {
        return {
            ok: false,
            reason: 'bom',
            message: 'starts with a UTF-8 byte order mark (BOM)',
            position: { line: 1, column: 1 },
        };
    }
    if (text.trim() === '')
        return { ok: false, reason: 'empty', message: 'is empty', position: { line: 1, column: 1 } };
    try {
        return parseStrict(text, lines);
    }
    catch (err) {
        // Both the parser and the value builder recurse; runaway nesting overflows the stack.
        if (!(err instanceof RangeError))
            throw err;
        return {
            ok: false,
            reason: 'syntax',
            message: 'nests arrays or objects too deeply to read',
            position: { line: 1, column: 1 },
        };
    }
}
function parseStrict(text, lines) {
    const errors = [];
    const tree = (0,main.parseTree)(text, errors, {
        disallowComments: true,
        allowTrailingComma: false,
        allowEmptyContent: false,
    });
    if (errors.length > 0 || !tree) {
        const first = errors[0];
        const pos = lines.position(first?.offset ?? 0);
        const what = first ? (0,main.printParseErrorCode)(first.error) : 'InvalidSymbol';
        return {
            ok: false,
            reason: 'syntax',
            message: `${json_describe(what)} at line ${pos.line}, column ${pos.column}`,
            position: pos,
        };
    }
    const duplicates = [];
    const value = toValue(tree, lines, duplicates);
    return { ok: true, value, doc: new JsonDoc(tree, lines, duplicates) };
}
function json_describe(code) {
    // "InvalidSymbol" -> "invalid symbol"
    return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
/** Builds the value without prototype pitfalls: a "__proto__" key is an ordinary property. */
function toValue(node, lines, duplicates) {
    switch (node.type) {
        case 'object': {
            const out = {};
            const seen = new Set();
            for (const prop of node.children ?? []) {
                const [keyNode, valueNode] = prop.children ?? [];
                if (!keyNode || !valueNode)
                    continue;
                const key = String(keyNode.value);
                if (seen.has(key))
                    duplicates.push({ key, line: lines.position(keyNode.offset).line });
                seen.add(key);
                Object.defineProperty(out, key, {
                    value: toValue(valueNode, lines, duplicates),
                    enumerable: true,
                    writable: true,
                    configurable: true,
                });
            }
            return out;
        }
        case 'array':
            return (node.children ?? []).map((c) => toValue(c, lines, duplicates));
        default:
            return node.value;
    }
}

;// CONCATENATED MODULE: ./src/io/json-file.ts



/** Artifacts and configs are small JSON; anything bigger is refused rather than read into memory. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;
/** Loads a JSON object file inside the workspace, turning every failure into a described state. */
function loadJsonObject(ws, dir, name, maxBytes = MAX_JSON_BYTES) {
    const resolved = ws.resolve(dir, name);
    const rel = resolved.rel;
    if (!resolved.ok) {
        if (resolved.reason === 'missing')
            return { state: 'missing', rel };
        if (resolved.reason === 'outside_root')
            return { state: 'bad', rel, why: 'outside_root', detail: resolved.detail };
        return { state: 'bad', rel, why: 'unreadable', detail: resolved.detail };
    }
    const read = readSmallFile(resolved.real, maxBytes);
    if (!read.ok) {
        if (read.kind === 'missing')
            return { state: 'missing', rel };
        if (read.kind === 'too_large')
            return { state: 'bad', rel, why: 'too_large', detail: read.detail };
        return { state: 'bad', rel, why: 'unreadable', detail: read.detail };
    }
    const text = decodeUtf8(read.bytes);
    if (!text.ok)
        return { state: 'bad', rel, why: 'unparseable', detail: text.detail, line: 1 };
    const parsed = parseJson(text.text);
    if (!parsed.ok)
        return {
            state: 'bad',
            rel,
            why: 'unparseable',
            detail: parsed.message,
            line: parsed.position.line,
        };
    const v = parsed.value;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
        const what = v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`;
        return {
            state: 'bad',
            rel,
            why: 'not_object',
            detail: `is ${what}, not a JSON object`,
            line: 1,
        };
    }
    return { state: 'ok', data: v, doc: parsed.doc, rel };
}
function isSafeRelative(p) {
    if (p.length === 0 || p.includes('\0') || external_node_path_default().isAbsolute(p) || p.includes('\\'))
        return false;
    return !p.split('/').some((seg) => seg === '..' || seg === '');
}

;// CONCATENATED MODULE: ./src/packs/aris/paper.ts











const MANIFEST_PATH = '.aris/audit-manifest.json';
const ASSURANCE_PATH = '.aris/assurance.txt';
/** Verifies one paper directory: the manifest's audits (or the default four), then the aggregate. */
async function verifyPaper(paperDir, ctx) {
    const ws = ctx.workspace;
    const rel = ws.rel(paperDir);
    const targetId = `aris:${rel}`;
    const findings = [];
    const decision = decideAssurance(paperDir, ctx);
    if (decision.error) {
        findings.push(finding(ARIS.assuranceInvalid, {
            subject: targetId,
            message: `${decision.error}; the paper is checked at submission level.`,
            location: { path: ws.rel(external_node_path_default().join(paperDir, ASSURANCE_PATH)), line: 1 },
        }));
    }
    const manifest = readManifest(paperDir, ctx, targetId);
    findings.push(...manifest.findings);
    const maxBytes = typeof ctx.options.max_artifact_bytes === 'number' ? ctx.options.max_artifact_bytes : undefined;
    const loaded = manifest.audits.map((spec) => ({
        spec,
        loaded: loadJsonObject(ws, paperDir, spec.artifact, maxBytes),
    }));
    const paperReal = ws.resolve(paperDir, '.');
    const base = paperReal.ok ? paperReal.real : paperDir;
    // Hash every distinct input once, all at once, before any audit is judged.
    const inputs = loaded.flatMap(({ loaded: l }) => auditInputs(l, { ws, paperDir: base }));
    await ctx.hasher.prefetch(inputs.flatMap((i) => (i.resolved.ok ? [i.resolved.real] : [])));
    const checks = [];
    for (const { spec, loaded: l } of loaded) {
        checks.push(await checkAudit(spec, l, {
            ws,
            paperDir: base,
            assurance: decision.assurance,
            targetId,
            hashes: (real) => ctx.hasher.hash(real),
            artifacts: manifest.audits.map((a) => a.artifact),
        }));
    }
    const paperProblem = findings.length > 0;
    const submission = decision.assurance === 'submission';
    const anyProblem = paperProblem || checks.some((c) => c.problem);
    const anyBlocking = (submission && paperProblem) || checks.some((c) => c.blocking);
    const provisional = checks.some((c) => c.provisional);
    const overall = anyBlocking ? 'blocked' : provisional ? 'provisional' : 'accepted';
    const allFindings = [...findings, ...checks.flatMap((c) => c.findings)];
    const target = {
        id: targetId,
        pack: 'aris',
        kind: 'paper',
        path: rel,
        enforcement: submission ? 'blocking' : 'advisory',
        terminal_state: overall,
        context: {
            assurance: decision.assurance,
            assurance_source: decision.source,
            ...(decision.effort ? { effort: decision.effort } : {}),
            manifest: manifest.source,
            ...(overall === 'provisional' ? { [PROVISIONAL_BECAUSE]: provisionalBecause(checks) } : {}),
        },
    };
    const report = {
        verifier_version: '2',
        paper_dir: paperDir,
        assurance: decision.assurance,
        generated_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        any_problem: anyProblem,
        submission_blocking: anyBlocking,
        overall_assurance: overall,
        audits: checks.map((c) => c.row),
        submission_ready: !anyProblem && overall === 'accepted' && allFindings.length === 0 ? 'yes' : 'no',
        ...(decision.effort ? { effort: decision.effort } : {}),
        assurance_source: decision.source,
        manifest: manifest.source,
        verifier: { name: 'audit-gate', version: VERSION },
        findings: [],
    };
    return {
        target,
        subjects: checks.map((c) => c.subject),
        findings: allFindings,
        extension: report,
    };
}
/**
 * Reads <paper-dir>/.aris/assurance.txt through the workspace. A file that exists but cannot be
 * read (or resolves outside the workspace or into a git directory) is 'unreadable', so the
 * decision fails closed instead of falling back to the default.
 */
function readAssuranceFile(ws, paperDir) {
    const file = ws.resolve(paperDir, ASSURANCE_PATH);
    if (!file.ok)
        return file.reason === 'missing'
            ? { state: 'missing' }
            : { state: 'unreadable', detail: file.detail };
    const read = readSmallFile(file.real, 4096);
    if (!read.ok)
        return read.kind === 'missing'
            ? { state: 'missing' }
            : { state: 'unreadable', detail: read.detail };
    return { state: 'text', text: read.bytes.toString('utf8') };
}
function decideAssurance(paperDir, ctx) {
    const o = ctx.options;
    const str = (v) => (typeof v === 'string' ? v : undefined);
    const file = readAssuranceFile(ctx.workspace, paperDir);
    return resolveAssurance({
        flagAssurance: str(o.assurance),
        flagEffort: str(o.effort),
        ...(file.state === 'text' ? { fileText: file.text } : {}),
        ...(file.state === 'unreadable' ? { fileError: file.detail } : {}),
        configAssurance: str(o.config_assurance),
        configEffort: str(o.config_effort),
    });
}
function readManifest(paperDir, ctx, targetId) {
    const loaded = loadJsonObject(ctx.workspace, paperDir, MANIFEST_PATH);
    if (loaded.state === 'missing')
        return { audits: DEFAULT_AUDITS, source: 'default', findings: [] };
    const invalid = (message, line) => ({
        audits: DEFAULT_AUDITS,
        source: `default (${loaded.rel} is invalid)`,
        findings: [
            finding(ARIS.manifestInvalid, {
                subject: targetId,
                message: `${loaded.rel} ${message}; the default four audits are checked instead.`,
                location: line ? { path: loaded.rel, line } : { path: loaded.rel },
            }),
        ],
    });
    if (loaded.state === 'bad')
        return invalid(loaded.detail, loaded.line);
    if (loaded.doc.duplicates.length > 0) {
        const d = loaded.doc.duplicates[0];
        return invalid(`repeats the key ${quoteValue(d.key)}`, d.line);
    }
    const parsed = AuditManifest.safeParse(loaded.data);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const { where, why } = schemaIssueText(issue);
        return invalid(`is not a valid manifest at ${where}: ${why}`, loaded.doc.lineOf(issue.path) ?? 1);
    }
    const seen = new Set();
    for (const [i, a] of parsed.data.audits.entries()) {
        if (!isSafeRelative(a.artifact))
            return invalid(`names artifact ${quoteValue(a.artifact)}, which is not a plain path inside the paper dir`, loaded.doc.lineOf(['audits', i, 'artifact']));
        if (seen.has(a.artifact))
            return invalid(`names artifact ${quoteValue(a.artifact)} twice`, loaded.doc.lineOf(['audits', i, 'artifact']));
        seen.add(a.artifact);
    }
    return {
        audits: parsed.data.audits.map((a) => ({ artifact: a.artifact, skill: a.audit_skill })),
        source: loaded.rel,
        findings: [],
    };
}
/** Why a paper is provisional, in words, naming the audits: what a reader must fix to be accepted. */
function provisionalBecause(checks) {
    const groups = new Map();
    for (const c of checks.filter((x) => x.provisional)) {
        const why = c.row.status === 'MISSING_DRAFT_OK'
            ? 'missing (allowed at draft)'
            : c.row.status === 'SCHEMA_INVALID'
                ? 'unreadable or schema-invalid artifact'
                : c.row.review_independence === 'same-family'
                    ? 'same-family review (the reviewer is of the executor’s model family)'
                    : 'legacy artifact without review-independence fields';
        groups.set(why, [...(groups.get(why) ?? []), c.row.audit]);
    }
    return [...groups].map(([why, audits]) => `${why}: ${audits.join(', ')}`).join('; ');
}

;// CONCATENATED MODULE: ./src/render/aris-report.ts
/**
 * The drop-in report of verify_paper_audits.sh (version 2) for one paper target, with our
 * additions: submission_ready, effort, assurance_source, manifest and the located findings.
 */
function renderArisReport(report, targetId) {
    const base = report.extensions?.[targetId];
    if (!base)
        throw new Error(`no ARIS report for ${targetId}`);
    const subjects = new Set(report.subjects.filter((s) => s.target === targetId).map((s) => s.id));
    subjects.add(targetId);
    return { ...base, findings: report.findings.filter((f) => subjects.has(f.subject)) };
}

;// CONCATENATED MODULE: ./src/render/labels.ts

/**
 * Words every rendering (terminal, check run, comment) shows the same way, so that the CLI and
 * the check summary never call one thing by two names.
 */
/** A subject's status as shown: a blocking verdict is shown as the verdict itself (BLOCKED, FAIL). */
function statusLabel(s) {
    return s.status === 'BLOCKING_VERDICT' && s.verdict ? s.verdict : s.status;
}
/** `n thing` or `n things`. */
function plural(n, one, many = `${one}s`) {
    return `${n} ${n === 1 ? one : many}`;
}
/**
 * A long identifier (a run id is a 64-hex digest) shortened in the middle so it fits a table
 * cell; short ones are returned as they are.
 */
function middle(s, max = 40) {
    const chars = Array.from(s);
    if (chars.length <= max)
        return s;
    const tail = Math.floor((max - 1) / 3);
    return `${chars.slice(0, max - 1 - tail).join('')}…${chars.slice(-tail).join('')}`;
}
/** Context entries that describe how a target was judged (its header line), not its outcome. */
function judgedContext(t) {
    return Object.entries(t.context).filter(([k]) => k !== PROVISIONAL_BECAUSE);
}
/**
 * The target's end state in words. A paper checked at draft whose audits have problems keeps the
 * legacy state `accepted` in its report, but is shown as what it is: not blocking, and not
 * submission-ready.
 */
function stateText(t, subjects) {
    const problems = subjects.filter((s) => s.outcome === 'problem' || s.outcome === 'blocking');
    if (t.terminal_state === 'accepted' && problems.length > 0)
        return `not blocking (${plural(problems.length, problems[0].kind)} with problems), not submission-ready`;
    const because = t.context[PROVISIONAL_BECAUSE];
    if (t.terminal_state === 'provisional' && because)
        return `provisional, not submission-ready: ${because}`;
    return t.terminal_state;
}

;// CONCATENATED MODULE: ./src/render/text.ts


const MARK = {
    pass: '✓',
    problem: '!',
    blocking: '✗',
    skipped: '·',
};
function locationText(f) {
    if (!f.location)
        return '';
    return f.location.line ? `${f.location.path}:${f.location.line}` : f.location.path;
}
/** The terminal summary: one line per subject, the findings with what to do, then the totals. */
function renderText(report) {
    const out = [];
    out.push(`audit-gate ${report.tool.version} — ${plain(report.root)}`);
    for (const t of report.targets) {
        const subjects = report.subjects.filter((s) => s.target === t.id);
        const ctx = judgedContext(t)
            .map(([k, v]) => `${k}: ${plain(v)}`)
            .join(', ');
        out.push('', `${t.kind} ${plain(t.path)}${ctx ? `  (${ctx})` : ''}`);
        const width = Math.min(24, Math.max(...subjects.map((s) => s.name.length), 8));
        for (const s of subjects) {
            const label = statusLabel(s);
            const verdict = s.verdict && s.verdict !== label ? `  ${plain(s.verdict)}` : '';
            out.push(`  ${MARK[s.outcome]} ${plain(s.name).padEnd(width)}  ${label.padEnd(16)}${verdict}`.trimEnd());
        }
        out.push(`  → ${plain(stateText(t, subjects))}`);
    }
    if (report.findings.length > 0) {
        out.push('', 'Findings:');
        for (const f of report.findings) {
            const mark = f.severity === 'error' ? '✗' : f.severity === 'warning' ? '!' : '·';
            const where = locationText(f);
            out.push(`  ${mark} ${where ? `${plain(where)}  ` : ''}${f.code}`);
            out.push(`      ${cap(plain(f.message), 600)}`);
            out.push(`      → ${plain(f.remediation)}`);
        }
    }
    const c = report.counts;
    out.push('', `${c.subjects} checked: ${c.pass} pass, ${c.problem} with problems, ${c.blocking} blocking, ${c.skipped} skipped · ` +
        `${c.errors} errors, ${c.warnings} warnings · submission-ready: ${report.submission_ready}`);
    const verdictLine = report.conclusion === 'failure'
        ? `FAIL: the blocking problems above fail the gate; fix them${downgradable(report) ? ' (or check a paper at assurance: draft while it is not meant for submission)' : ''}.`
        : report.conclusion === 'neutral'
            ? 'WARN: problems above do not block at this assurance level.'
            : 'OK: nothing blocks.';
    out.push(`${verdictLine} (exit ${report.exit_code})`);
    return out.join('\n') + '\n';
}
/** Whether a paper blocks only because it is checked at submission (draft would let it pass). */
function downgradable(report) {
    return report.targets.some((t) => t.kind === 'paper' &&
        t.context['assurance'] === 'submission' &&
        report.subjects.some((s) => s.target === t.id && s.outcome === 'blocking'));
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
var external_node_crypto_default = /*#__PURE__*/__nccwpck_require__.n(external_node_crypto_namespaceObject);
;// CONCATENATED MODULE: ./src/packs/trace/codes.ts
/** The producer's invariant ids (bijux-canon-reason), so users of both tools can match failures. */
const INV = {
    schema: 'INV-SCH-001',
    toolLinkage: 'INV-TLK-001',
    link: 'INV-LNK-001',
    grounding: 'INV-GRD-001',
    minSupports: 'INV-GRD-002',
    evidence: 'INV-EVD-001',
    order: 'INV-ORD-001',
};
const codes_RERUN = 'Re-run the producer so it writes a fresh run directory.';
const RESTORE_EVIDENCE = 'Restore the evidence file from the run’s original output (its sha256 is recorded in trace.jsonl), or re-run the producer.';
const REDERIVE = 'Re-derive the claim so every evidence support cites the exact bytes it rests on, or re-run the producer.';
const RESEAL = 'Restore the run directory as the producer wrote it; if the change is intended, re-run the producer so the manifest and fingerprint are rewritten.';
const CHECK_NAMES = [
    'trace_schema',
    'core_invariants',
    'required_steps',
    'tool_linkage',
    'claim_justifications',
    'derived_claim_grounding',
    'reasoning_trace',
    'evidence_hashes',
    'support_spans',
    'insufficient_reasoning',
    'plan',
    'run_integrity',
];
function codes_def(code, check, title, remediation, invariant_id) {
    return {
        code: `trace.${code}`,
        severity: 'error',
        title,
        remediation,
        check,
        ...(invariant_id ? { invariant_id } : {}),
    };
}
/** Every code the run-trace pack can emit. Stable public API: never rename without a migration note. */
const TRACE = {
    // ── run files ───────────────────────────────────────────────────────────────────────────────
    runFileMissing: codes_def('run_file_missing', 'run_integrity', 'A file every run directory holds is missing', codes_RERUN),
    fileUnreadable: codes_def('file_unreadable', 'run_integrity', 'A run file is not a readable regular file (FIFO, directory, symlink loop, too large)', 'Replace the path with the regular file the producer writes, or re-run the producer.'),
    // ── trace.jsonl lines and header ────────────────────────────────────────────────────────────
    lineMalformed: codes_def('line_malformed', 'trace_schema', 'A trace.jsonl line is not valid JSON (syntax error, NaN/Infinity, BOM, invalid UTF-8)', codes_RERUN, INV.schema),
    lineNotCanonical: codes_def('line_not_canonical', 'trace_schema', 'A trace.jsonl line is valid JSON but not canonical (sorted keys, compact separators, \\n endings)', 'Do not rewrite trace.jsonl (editors and CRLF checkouts change its bytes); restore it as the producer wrote it, or re-run the producer.', INV.schema),
    lineTooLong: codes_def('line_too_long', 'trace_schema', 'A trace.jsonl line is longer than the verifier reads', codes_RERUN, INV.schema),
    duplicateKey: codes_def('duplicate_key', 'trace_schema', 'A trace.jsonl line repeats a key', 'Remove the repeated key (parsers disagree on which value wins), or re-run the producer.', INV.schema),
    headerInvalid: codes_def('header_invalid', 'trace_schema', 'Line 1 of trace.jsonl is not a valid trace_header record', codes_RERUN, INV.schema),
    unsupportedVersion: codes_def('unsupported_version', 'trace_schema', 'The trace or run declares a schema, protocol or canonicalization version (or fingerprint algorithm) no verifier supports', 'Re-run with a producer that writes schema_version 1 or 2, runtime protocol 1, canonicalization 1 and sha256; no upgrader exists for other versions.', INV.schema),
    eventInvalid: codes_def('event_invalid', 'trace_schema', 'A trace event does not have the record shape the contract defines', codes_RERUN, INV.schema),
    idxOutOfOrder: codes_def('idx_out_of_order', 'core_invariants', 'An event’s idx is not its position: events were reordered, removed or injected', 'Restore trace.jsonl as the producer wrote it (events may not be reordered, removed or added), or re-run the producer.', INV.schema),
    idxDuplicate: codes_def('idx_duplicate', 'core_invariants', 'Two events carry the same idx', 'Restore trace.jsonl as the producer wrote it (an event was duplicated), or re-run the producer.', INV.schema),
    contentIdMismatch: codes_def('content_id_mismatch', 'core_invariants', 'A content-derived id (trace id, plan id) does not match the content it names', 'The content was edited after the producer wrote it; restore it, or re-run the producer.', INV.schema),
    // ── steps ───────────────────────────────────────────────────────────────────────────────────
    stepUnfinished: codes_def('step_unfinished', 'core_invariants', 'A step was started and never finished', codes_RERUN, INV.schema),
    stepUnknown: codes_def('step_unknown', 'core_invariants', 'An event names a step that was never started or is not a plan node', codes_RERUN, INV.schema),
    stepDuplicate: codes_def('step_duplicate', 'core_invariants', 'A step id is started (or finished) twice', codes_RERUN, INV.schema),
    stepBeforeDependency: codes_def('step_before_dependency', 'core_invariants', 'A plan node is started before the nodes it depends on have finished', codes_RERUN, INV.order),
    claimAfterStep: codes_def('claim_after_step', 'core_invariants', 'A claim is emitted in a step that already finished, or after the run finalized', 'A finished step (and a finalized run) takes no new claims: restore the trace as the producer wrote it, or re-run the producer.', INV.order),
    stepRequiredMissing: codes_def('step_required_missing', 'required_steps', 'A required step (understand, gather, derive or insufficient_evidence, verify, finalize) has no output', 'Re-run the producer to completion: every run must finish understand, gather, derive (or insufficient_evidence), verify and finalize.', INV.order),
    // ── tool linkage ────────────────────────────────────────────────────────────────────────────
    toolResultMissing: codes_def('tool_result_missing', 'tool_linkage', 'A tool call has no result', codes_RERUN, INV.toolLinkage),
    toolResultOrphan: codes_def('tool_result_orphan', 'tool_linkage', 'A tool result answers no earlier tool call', 'Remove the injected result or restore trace.jsonl, or re-run the producer.', INV.toolLinkage),
    toolResultDuplicate: codes_def('tool_result_duplicate', 'tool_linkage', 'A tool call has more than one result', codes_RERUN, INV.toolLinkage),
    toolCallDuplicate: codes_def('tool_call_duplicate', 'tool_linkage', 'Two tool calls share one id', codes_RERUN, INV.toolLinkage),
    toolStepMismatch: codes_def('tool_step_mismatch', 'tool_linkage', 'A tool call or result names a different step than the event it is in', codes_RERUN, INV.toolLinkage),
    toolUnknown: codes_def('tool_unknown', 'tool_linkage', 'A tool call names a tool the run’s runtime descriptor does not list', 'Re-run the producer with the tool registered in its runtime, or remove the phantom call by re-running.', INV.toolLinkage),
    // ── evidence ────────────────────────────────────────────────────────────────────────────────
    evidencePathEscape: codes_def('evidence_path_escape', 'evidence_hashes', 'An evidence content_path is not a plain relative path inside the run directory (.., absolute, backslash, symlink out)', 'Keep evidence under the run directory (evidence/<evidence_id>.txt) and re-run the producer.', INV.evidence),
    evidenceMissing: codes_def('evidence_missing', 'evidence_hashes', 'An evidence file is missing', RESTORE_EVIDENCE, INV.evidence),
    evidenceUnreadable: codes_def('evidence_unreadable', 'evidence_hashes', 'An evidence path is not a readable regular file', RESTORE_EVIDENCE, INV.evidence),
    evidenceHashMismatch: codes_def('evidence_hash_mismatch', 'evidence_hashes', 'An evidence file’s sha256 differs from the one recorded in the trace', RESTORE_EVIDENCE, INV.evidence),
    evidenceChunkMismatch: codes_def('evidence_chunk_mismatch', 'support_spans', 'Evidence disagrees with provenance/chunks.jsonl (unknown chunk, other span or other hash)', 'Restore provenance/chunks.jsonl and the evidence file as the producer wrote them, or re-run the producer.', INV.evidence),
    evidenceDuplicate: codes_def('evidence_duplicate', 'core_invariants', 'Two evidence_registered events share one evidence id', codes_RERUN, INV.schema),
    chunksInvalid: codes_def('chunks_invalid', 'support_spans', 'provenance/chunks.jsonl is missing, malformed, or repeats a chunk id', 'Restore provenance/chunks.jsonl as the producer wrote it, or re-run the producer.', INV.evidence),
    // ── claims ──────────────────────────────────────────────────────────────────────────────────
    claimDuplicate: codes_def('claim_duplicate', 'core_invariants', 'Two claim_emitted events share one claim id', codes_RERUN, INV.schema),
    supportUnresolved: codes_def('support_unresolved', 'claim_justifications', 'A claim support, or an id a step output lists, names a claim, evidence or tool call the trace does not contain', REDERIVE, INV.link),
    claimUngrounded: codes_def('claim_ungrounded', 'derived_claim_grounding', 'A derived claim has no evidence support', REDERIVE, INV.grounding),
    supportsTooFew: codes_def('supports_too_few', 'derived_claim_grounding', 'A derived claim has fewer evidence supports than the minimum', 'Re-derive the claim from at least the minimum number of evidence spans (trace.min_supports, default 2), or re-run the producer.', INV.minSupports),
    markerMissing: codes_def('marker_missing', 'derived_claim_grounding', 'An evidence support of a derived claim has no matching [evidence:<id>:<b0>-<b1>:<sha256>] marker in the statement', REDERIVE, INV.grounding),
    markerUnmatched: codes_def('marker_unmatched', 'derived_claim_grounding', 'A citation marker in a derived claim matches no evidence support (or repeats one)', REDERIVE, INV.grounding),
    markerLegacy: codes_def('marker_legacy', 'derived_claim_grounding', 'A claim uses a legacy or malformed citation marker such as [evidence:X]', 'Cite evidence as [evidence:<id>:<b0>-<b1>:<sha256>] over the exact bytes: re-derive the claim, or re-run the producer.', INV.grounding),
    reasoningTraceMismatch: codes_def('reasoning_trace_mismatch', 'reasoning_trace', 'The reasoning record disagrees with the derived claims (result_sha256 missing, changed, or not the header’s reasoning_trace_sha256)', REDERIVE),
    spanOutOfBounds: codes_def('span_out_of_bounds', 'support_spans', 'A support span lies outside the bytes it cites (evidence file, cited claim, tool result)', REDERIVE, INV.evidence),
    snippetHashMismatch: codes_def('snippet_hash_mismatch', 'support_spans', 'A support’s snippet_sha256 is not the sha256 of the bytes its span selects', REDERIVE, INV.evidence),
    // ── insufficient evidence ───────────────────────────────────────────────────────────────────
    noOutcome: codes_def('no_outcome', 'insufficient_reasoning', 'The run emitted no derived claim and no insufficient_evidence marker', 'Re-run the producer: a run must either derive grounded claims or report insufficient evidence.'),
    insufficientAmbiguous: codes_def('insufficient_ambiguous', 'insufficient_reasoning', 'The run reports insufficient evidence and also emits derived claims not marked insufficient', 'Re-run the producer: report insufficient evidence without derived claims, or mark those claims insufficient (structured.insufficient_evidence: true).'),
    // ── plan ────────────────────────────────────────────────────────────────────────────────────
    planInvalid: codes_def('plan_invalid', 'plan', 'plan.json is malformed or does not match the plan schema', codes_RERUN, INV.schema),
    planDuplicateNode: codes_def('plan_duplicate_node', 'plan', 'The plan repeats a node id', codes_RERUN, INV.schema),
    planMissingDependency: codes_def('plan_missing_dependency', 'plan', 'A plan node depends on a node id the plan does not contain', codes_RERUN, INV.schema),
    planCycle: codes_def('plan_cycle', 'plan', 'The plan’s dependencies form a cycle', codes_RERUN, INV.schema),
    planMismatch: codes_def('plan_mismatch', 'plan', 'The trace, plan, spec and run_meta.json disagree on the plan or spec id', 'Keep the plan.json, spec.json and trace.jsonl of one run together; re-run the producer.', INV.schema),
    // ── run integrity ───────────────────────────────────────────────────────────────────────────
    manifestInvalid: codes_def('manifest_invalid', 'run_integrity', 'manifest.json is malformed: not a flat map of relative path → sha256 hex', RESEAL),
    manifestFileMissing: codes_def('manifest_file_missing', 'run_integrity', 'A file listed in manifest.json is missing', 'Restore the file listed in manifest.json, or re-run the producer.'),
    manifestHashMismatch: codes_def('manifest_hash_mismatch', 'run_integrity', 'A file’s sha256 differs from manifest.json: it changed after the run', RESEAL),
    manifestUnlisted: codes_def('manifest_unlisted', 'run_integrity', 'A file in the run directory is not listed in manifest.json', 'Remove the file that was added after the run, or re-run the producer so the manifest lists it.'),
    fingerprintMismatch: codes_def('fingerprint_mismatch', 'run_integrity', 'fingerprint.txt is not the sha256 of trace.jsonl’s bytes followed by a newline', RESEAL),
    layoutUnexpected: codes_def('layout_unexpected', 'run_integrity', 'A file lies outside the run layout (core files, evidence/, provenance/)', 'Write nothing else into artifacts/runs/<run_id>/: move the file out of the run directory, or re-run the producer.'),
    runMetaInvalid: codes_def('run_meta_invalid', 'run_integrity', 'run_meta.json is malformed or does not match its schema', codes_RERUN),
    runMetaMismatch: codes_def('run_meta_mismatch', 'run_integrity', 'run_meta.json disagrees with the run (run id, trace id, plan id, spec id)', 'Keep each run’s files together in artifacts/runs/<run_id>/; re-run the producer.'),
    specInvalid: codes_def('spec_invalid', 'run_integrity', 'spec.json is malformed or does not match the problem-spec schema', codes_RERUN),
    verifyReportInvalid: codes_def('verify_report_invalid', 'run_integrity', 'verify.json is malformed or is not a VerificationReport for this trace', codes_RERUN),
    producerRejected: codes_def('producer_rejected', 'run_integrity', 'verify.json records that the producer’s own verification failed', 'Fix what the producer’s verification reported and re-run it; a run its producer rejected is never accepted.'),
};
const TRACE_CODES = Object.values(TRACE);

;// CONCATENATED MODULE: ./src/packs/trace/discover.ts


/** Files whose presence marks a run directory (any one: a run that lost its trace is still a run). */
const MARKERS = ['trace.jsonl', 'run_meta.json', 'fingerprint.txt'];
/**
 * Run directories in a repository listing: `…/runs/<run_id>/` holding trace.jsonl (where the
 * producer puts them by default: `artifacts/bijux-canon-reason/runs/<run_id>/`, and
 * `eval/<suite>/case_N/runs/<run_id>/` for an evaluation suite), or run_meta.json / fingerprint.txt when the trace itself
 * is gone, so a deleted trace is reported rather than silently skipped. A symlink in a `runs/`
 * directory to such a directory is a run too (the walk does not follow symlinks, so it would
 * otherwise hide the run; the pack reads it through the link, inside the root only).
 */
function discoverRuns(dirs) {
    const found = new Set();
    for (const d of dirs) {
        if (external_node_path_default().basename(external_node_path_default().dirname(d.abs)) === 'runs' && MARKERS.some((m) => d.files.has(m)))
            found.add(d.abs);
        if (external_node_path_default().basename(d.abs) !== 'runs')
            continue;
        for (const name of d.links) {
            const link = external_node_path_default().join(d.abs, name);
            if (MARKERS.some((m) => external_node_fs_default().existsSync(external_node_path_default().join(link, m))))
                found.add(link);
        }
    }
    return [...found].sort();
}

;// CONCATENATED MODULE: ./src/packs/trace/context.ts
/** Short, safe quoting of artifact text inside a message. */
function q(s, max = 120) {
    const t = s.length > max ? `${s.slice(0, max - 1)}…` : s;
    return JSON.stringify(t);
}

;// CONCATENATED MODULE: ./src/packs/trace/canonical.ts
/**
 * Canonical JSON as the producer writes it (Python `json.dumps(sort_keys=True, separators=(",",
 * ":"), ensure_ascii=False, allow_nan=False)`): sorted keys, no whitespace, Python's string escapes
 * and Python's float repr. Two paths:
 *
 * - fast: `JSON.parse` then re-serialize with sorted keys; a line equal to that is canonical (and
 *   has no duplicate keys, since a repeated key would vanish from the re-serialization);
 * - exact: a small scanner that explains why a line is not canonical (syntax error with its column,
 *   NaN, a duplicate key, unsorted keys, whitespace, an escape or number Python would not write),
 *   and accepts what only Python writes (floats such as `1.0` or `1e-05`).
 */
/** Serializes a parsed JSON value with sorted keys and compact separators. */
function canonicalStringify(v) {
    if (v === null || typeof v !== 'object')
        return JSON.stringify(v);
    if (Array.isArray(v)) {
        let s = '[';
        for (let i = 0; i < v.length; i++)
            s += (i ? ',' : '') + canonicalStringify(v[i]);
        return s + ']';
    }
    const o = v;
    const keys = Object.keys(o).sort();
    let s = '{';
    for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        s += (i ? ',' : '') + JSON.stringify(k) + ':' + canonicalStringify(o[k]);
    }
    return s + '}';
}
/** Python's repr of a finite float (shortest round-trip digits; exponent form below 1e-4 and from 1e16). */
function pyFloatRepr(x) {
    if (x === 0)
        return Object.is(x, -0) ? '-0.0' : '0.0';
    const [mant, expStr] = x.toExponential().split('e');
    const neg = mant.startsWith('-');
    const digits = mant.replace('-', '').replace('.', '');
    const e = Number(expStr);
    let s;
    if (e >= -4 && e < 16) {
        if (e >= 0) {
            const intPart = digits.slice(0, e + 1).padEnd(e + 1, '0');
            s = `${intPart}.${digits.slice(e + 1) || '0'}`;
        }
        else {
            s = `0.${'0'.repeat(-e - 1)}${digits}`;
        }
    }
    else {
        const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
        s = `${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
    }
    return neg ? `-${s}` : s;
}
/** A JSON string literal the way Python writes it with ensure_ascii=False (same as JSON.stringify for well-formed text). */
function pyString(s) {
    return JSON.stringify(s);
}
function codePointCompare(a, b) {
    const ia = a[Symbol.iterator]();
    const ib = b[Symbol.iterator]();
    for (;;) {
        const x = ia.next();
        const y = ib.next();
        if (x.done)
            return y.done ? 0 : -1;
        if (y.done)
            return 1;
        const cx = x.value.codePointAt(0);
        const cy = y.value.codePointAt(0);
        if (cx !== cy)
            return cx < cy ? -1 : 1;
    }
}
/** Thrown inside the scanner; not an Error, so no stack trace is captured per bad line. */
class Fail {
    problem;
    constructor(problem) {
        this.problem = problem;
    }
}
const INT_RE = /^-?(?:0|[1-9]\d*)$/;
const NUM_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** The exact scanner: parses `text` and reports the first reason it is not canonical JSON. */
function scanCanonical(text) {
    let i = 0;
    let firstNoncanonical;
    let firstDuplicate;
    const soft = (column, message) => {
        firstNoncanonical ??= { kind: 'noncanonical', column, message };
    };
    const syntax = (message, at = i) => {
        throw new Fail({ kind: 'syntax', column: at + 1, message: `${message} at column ${at + 1}` });
    };
    const skipWs = () => {
        const start = i;
        while (i < text.length &&
            (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r'))
            i++;
        if (i > start)
            soft(start + 1, `has whitespace at column ${start + 1} (canonical JSON is compact)`);
    };
    let topMembers;
    const value = (depth) => {
        if (depth > 512)
            syntax('nests deeper than 512 levels');
        skipWs();
        const c = text[i];
        if (c === '{')
            return object(depth);
        if (c === '[')
            return array(depth);
        if (c === '"')
            return string();
        if (c === 't' && text.startsWith('true', i))
            return ((i += 4), true);
        if (c === 'f' && text.startsWith('false', i))
            return ((i += 5), false);
        if (c === 'n' && text.startsWith('null', i))
            return ((i += 4), null);
        if (text.startsWith('NaN', i) ||
            text.startsWith('Infinity', i) ||
            text.startsWith('-Infinity', i)) {
            syntax(`has a ${text.startsWith('NaN', i) ? 'NaN' : 'Infinity'} literal, which JSON does not allow`);
        }
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9'))
            return number();
        if (c === undefined)
            return syntax('ends where a value was expected');
        return syntax(`has an unexpected character ${JSON.stringify(c)}`);
    };
    const number = () => {
        const start = i;
        while (i < text.length && /[-+0-9.eE]/.test(text[i]))
            i++;
        const lex = text.slice(start, i);
        if (!NUM_RE.test(lex))
            syntax(`has an invalid number ${JSON.stringify(lex)}`, start);
        const n = Number(lex);
        if (!Number.isFinite(n))
            syntax(`has a number out of range ${JSON.stringify(lex)}`, start);
        if (INT_RE.test(lex)) {
            if (lex === '-0')
                soft(start + 1, `writes -0 at column ${start + 1}`);
        }
        else if (lex !== pyFloatRepr(n) || Object.is(n, -0)) {
            soft(start + 1, `writes the number ${lex} at column ${start + 1}, not in canonical form (${Object.is(n, -0) ? '0.0' : pyFloatRepr(n)})`);
        }
        return n;
    };
    const string = () => {
        const start = i;
        i++;
        for (;;) {
            const c = text.charCodeAt(i);
            if (Number.isNaN(c))
                syntax('has an unterminated string', start);
            if (c === 0x22)
                break;
            if (c < 0x20)
                syntax('has a raw control character inside a string');
            if (c === 0x5c) {
                const e = text[i + 1];
                if (e === 'u') {
                    if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
                        syntax('has an invalid \\u escape');
                    i += 6;
                    continue;
                }
                if (e === undefined || !'"\\/bfnrt'.includes(e))
                    syntax('has an invalid escape');
                i += 2;
                continue;
            }
            i++;
        }
        i++;
        const raw = text.slice(start, i);
        const decoded = JSON.parse(raw);
        if (pyString(decoded) !== raw)
            soft(start + 1, `escapes a string differently from canonical JSON at column ${start + 1}`);
        return decoded;
    };
    const array = (depth) => {
        i++;
        const out = [];
        skipWs();
        if (text[i] === ']')
            return (i++, out);
        for (;;) {
            out.push(value(depth + 1));
            skipWs();
            if (text[i] === ',') {
                i++;
                continue;
            }
            if (text[i] === ']')
                return (i++, out);
            return syntax('expects , or ] in an array');
        }
    };
    const object = (depth) => {
        i++;
        const out = {};
        const members = depth === 0 ? new Map() : undefined;
        if (members)
            topMembers = members;
        let prev;
        const seen = new Set();
        skipWs();
        if (text[i] === '}')
            return (i++, out);
        for (;;) {
            skipWs();
            if (text[i] !== '"')
                syntax('expects a quoted key');
            const keyAt = i;
            const key = string();
            skipWs();
            if (text[i] !== ':')
                syntax('expects : after a key');
            i++;
            skipWs();
            const vStart = i;
            const v = value(depth + 1);
            if (seen.has(key)) {
                // Keep reading (the last value wins, as in most parsers) so the rest can still be checked.
                firstDuplicate ??= {
                    kind: 'duplicate',
                    column: keyAt + 1,
                    key,
                    message: `repeats the key ${JSON.stringify(key)} at column ${keyAt + 1}`,
                };
            }
            else if (prev !== undefined && codePointCompare(prev, key) > 0)
                soft(keyAt + 1, `has key ${JSON.stringify(key)} after ${JSON.stringify(prev)} at column ${keyAt + 1} (keys must be sorted)`);
            seen.add(key);
            prev = key;
            Object.defineProperty(out, key, {
                value: v,
                enumerable: true,
                writable: true,
                configurable: true,
            });
            members?.set(key, [vStart, i]);
            skipWs();
            if (text[i] === ',') {
                i++;
                continue;
            }
            if (text[i] === '}')
                return (i++, out);
            return syntax('expects , or } in an object');
        }
    };
    try {
        if (text.charCodeAt(0) === 0xfeff)
            syntax('starts with a UTF-8 byte order mark (BOM)', 0);
        if (text.length === 0)
            syntax('is empty', 0);
        const v = value(0);
        skipWs();
        if (i < text.length)
            syntax('has text after the JSON value');
        if (firstDuplicate)
            return { ok: false, problem: firstDuplicate, value: v };
        if (firstNoncanonical)
            return { ok: false, problem: firstNoncanonical, value: v };
        return { ok: true, value: v, members: topMembers };
    }
    catch (err) {
        if (err instanceof Fail)
            return { ok: false, problem: err.problem };
        throw err;
    }
}
const MAX_DEPTH = 512;
/**
 * What the producer would write for the document in `text`: Python's json.loads, then json.dumps
 * with sort_keys, compact separators and ensure_ascii=False. Integers keep their digits, floats
 * become Python's repr, strings are re-escaped and keys sorted by code point, so formatting never
 * changes a content id. Undefined when the text is not JSON, repeats a key, nests deeper than 512
 * levels or holds a number Python could not write back (infinite).
 */
function canonicalizeText(text) {
    try {
        JSON.parse(text); // syntax first: the walk below trusts it
    }
    catch {
        return undefined;
    }
    let i = 0;
    const ws = () => {
        for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;)
            c = text.charCodeAt(++i);
    };
    const string = () => {
        const start = i++;
        for (let c = text.charCodeAt(i); c !== 0x22; c = text.charCodeAt(i))
            i += c === 0x5c ? 2 : 1;
        i++;
        return JSON.parse(text.slice(start, i));
    };
    const value = (depth) => {
        if (depth > MAX_DEPTH)
            throw new Fail({ kind: 'syntax', column: i + 1, message: 'too deep' });
        ws();
        const c = text[i];
        if (c === '{' || c === '[') {
            i++;
            ws();
            const close = c === '{' ? '}' : ']';
            const parts = [];
            while (text[i] !== close) {
                ws();
                let key = '';
                if (c === '{') {
                    key = string();
                    ws();
                    i++; // :
                }
                parts.push([key, value(depth + 1)]);
                ws();
                if (text[i] === ',')
                    i++;
            }
            i++;
            if (c === '[')
                return `[${parts.map((p) => p[1]).join(',')}]`;
            parts.sort((a, b) => codePointCompare(a[0], b[0]));
            for (let k = 1; k < parts.length; k++)
                if (parts[k - 1][0] === parts[k][0])
                    throw new Fail({ kind: 'duplicate', column: i, key: parts[k][0], message: 'repeats' });
            return `{${parts.map(([k, v]) => `${pyString(k)}:${v}`).join(',')}}`;
        }
        if (c === '"')
            return pyString(string());
        for (const lit of ['true', 'false', 'null'])
            if (text.startsWith(lit, i))
                return ((i += lit.length), lit);
        const start = i;
        while (i < text.length && /[-+0-9.eE]/.test(text[i]))
            i++;
        const lex = text.slice(start, i);
        if (INT_RE.test(lex))
            return lex === '-0' ? '0' : lex;
        const x = Number(lex);
        if (!Number.isFinite(x))
            throw new Fail({ kind: 'syntax', column: start + 1, message: lex });
        return pyFloatRepr(x);
    };
    try {
        return value(0);
    }
    catch (err) {
        if (err instanceof Fail)
            return undefined;
        throw err;
    }
}
/** The code of a hex digit in lowercase, or -1 (Python writes `\u001f`, never `\u001F`). */
function lowerHex(c) {
    return c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
}
// Per open container: where the previous key of that object starts and ends (-1: none yet).
// Shared scratch space: isCanonicalText is synchronous and not re-entered.
const keyStart = new Int32Array(MAX_DEPTH + 1);
const keyEnd = new Int32Array(MAX_DEPTH + 1);
/**
 * Whether `text`, which JSON.parse has already accepted, is canonical JSON, judged from its
 * characters in one pass without building anything: no whitespace between tokens, object keys in
 * strictly increasing order (so no duplicate), only the escapes Python writes, integers without
 * -0, and floats as Python's repr. False means "not proven": keys with escapes or non-ASCII,
 * floats outside the plain decimal range and deep nesting are left to the exact scanner.
 * `members`, when given, receives the spans of the top-level object's members; `ascii` says the
 * caller knows the text is ASCII (its UTF-8 is as long as it is), which spares the key checks.
 */
function isCanonicalText(text, members, ascii = false) {
    const n = text.length;
    let member = '';
    let memberStart = -1;
    let bs = text.indexOf('\\');
    if (bs < 0)
        bs = n;
    let depth = -1;
    let i = 0;
    while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 0x22) {
            let j = text.indexOf('"', i + 1);
            if (j < 0)
                return false; // unterminated: not text JSON.parse accepted
            let escaped = false;
            while (bs < j) {
                escaped = true;
                const e = text.charCodeAt(bs + 1);
                if (e === 0x75) {
                    // \u00XX, only for the control characters that have no short escape.
                    if (text.charCodeAt(bs + 2) !== 0x30 || text.charCodeAt(bs + 3) !== 0x30)
                        return false;
                    const hi = text.charCodeAt(bs + 4) - 0x30;
                    const lo = lowerHex(text.charCodeAt(bs + 5));
                    if ((hi !== 0 && hi !== 1) || lo < 0)
                        return false;
                    const cp = hi * 16 + lo;
                    if (cp === 8 || cp === 9 || cp === 10 || cp === 12 || cp === 13)
                        return false;
                    bs += 6;
                }
                else if (e === 0x22 || // \"
                    e === 0x5c || // \\
                    e === 0x6e || // \n
                    e === 0x72 || // \r
                    e === 0x74 || // \t
                    e === 0x62 || // \b
                    e === 0x66 // \f
                ) {
                    bs += 2;
                }
                else
                    return false;
                if (bs > j && (j = text.indexOf('"', bs)) < 0)
                    return false; // that quote was escaped
                const next = text.indexOf('\\', bs);
                bs = next < 0 ? n : next;
            }
            if (text.charCodeAt(j + 1) !== 0x3a) {
                i = j + 1;
                continue;
            }
            // A key: plain ASCII (or the scanner decides), strictly after the object's previous key.
            if (escaped)
                return false;
            if (!ascii) {
                for (let k = i + 1; k < j; k++)
                    if (text.charCodeAt(k) >= 0x80)
                        return false;
            }
            const pa = keyStart[depth];
            if (pa >= 0 && !asciiLess(text, pa, keyEnd[depth], i + 1, j))
                return false;
            keyStart[depth] = i + 1;
            keyEnd[depth] = j;
            if (depth === 0 && members) {
                member = text.slice(i + 1, j);
                memberStart = j + 2;
            }
            i = j + 2;
            continue;
        }
        if (c === 0x7b || c === 0x5b) {
            if (++depth >= MAX_DEPTH)
                return false;
            keyStart[depth] = -1;
            i++;
            continue;
        }
        if (c === 0x7d || c === 0x5d || c === 0x2c) {
            if (depth === 0 && memberStart >= 0) {
                members.set(member, [memberStart, i]);
                memberStart = -1;
            }
            if (c !== 0x2c)
                depth--;
            i++;
        }
        else if (c === 0x74 || c === 0x6e) {
            i += 4; // true, null
        }
        else if (c === 0x66) {
            i += 5; // false
        }
        else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
            const start = i++;
            let plain = true;
            for (; i < n; i++) {
                const d = text.charCodeAt(i);
                if (d >= 0x30 && d <= 0x39)
                    continue;
                if (d !== 0x2e && d !== 0x65 && d !== 0x45 && d !== 0x2b && d !== 0x2d)
                    break;
                plain = false;
            }
            if (plain) {
                if (c === 0x2d && i - start === 2 && text.charCodeAt(start + 1) === 0x30)
                    return false; // -0
                // 309 digits and more overflow to Infinity, which the scanner rejects as out of range.
                if (i - start > 308 && !Number.isFinite(Number(text.slice(start, i))))
                    return false;
            }
            else if (!plainFloat(text.slice(start, i)))
                return false;
        }
        else {
            return false; // whitespace
        }
    }
    return true;
}
/** Whether key [a0, a1) sorts strictly before key [b0, b1) (ASCII, so code units are code points). */
function asciiLess(text, a0, a1, b0, b1) {
    const la = a1 - a0;
    const lb = b1 - b0;
    const m = la < lb ? la : lb;
    for (let k = 0; k < m; k++) {
        const x = text.charCodeAt(a0 + k);
        const y = text.charCodeAt(b0 + k);
        if (x !== y)
            return x < y;
    }
    return la < lb;
}
/** A float in the range where Python's repr is a plain decimal, written exactly that way. */
function plainFloat(lex) {
    if (lex === '0.0')
        return true;
    const x = Number(lex);
    const ax = Math.abs(x);
    if (!(ax >= 1e-4 && ax < 1e16) || lex.indexOf('e') >= 0 || lex.indexOf('E') >= 0)
        return false;
    // In this range JavaScript and Python agree on the digits; Python keeps ".0" on whole floats.
    const js = String(x);
    return js === lex || (js.length + 2 === lex.length && lex.endsWith('.0') && lex.startsWith(js));
}
/**
 * Checks one line: JSON.parse and a one-pass character check first, the exact scanner only when
 * those cannot prove the line canonical (it then says why, or accepts a Python-only form).
 * `needMembers` asks for the spans of the top-level members (for re-hashing content ids).
 */
function checkLine(text, needMembers = false, ascii = false) {
    // A trace line is an object: anything else goes straight to the scanner, which says why.
    if (text.charCodeAt(0) === 0x7b) {
        let v;
        try {
            v = JSON.parse(text);
        }
        catch {
            return scanCanonical(text); // it says where the syntax breaks
        }
        const members = needMembers ? new Map() : undefined;
        if (isCanonicalText(text, members, ascii))
            return { ok: true, value: v, members };
    }
    return scanCanonical(text);
}

;// CONCATENATED MODULE: ./src/io/fast-schema.ts

class Unsupported extends Error {
}
/**
 * A fast path in front of a zod schema: a predicate compiled from the schema's own definition
 * (its checks are zod's own check functions) that is true only when zod would accept the value
 * and return it unchanged. Any other value, and any schema the compiler does not know, goes to
 * zod, which stays the source of truth and explains every rejection.
 */
function fastSchema(schema) {
    let accept;
    try {
        accept = compile(schema);
    }
    catch (err) {
        // Code generation may be disabled (--disallow-code-generation-from-strings): zod alone then.
        if (!(err instanceof Unsupported) && !(err instanceof EvalError))
            throw err;
    }
    return {
        compiled: accept !== undefined,
        safeParse: (v) => {
            if (accept?.(v))
                return { success: true, data: v };
            const r = schema.safeParse(v);
            // zod leaves "__proto__" keys out of records and catch-all objects (it cannot set them
            // safely): such a value is not the one zod vouched for, so it is refused, not checked
            // without the key.
            const at = r.success ? droppedProto(v, r.data) : undefined;
            if (!at)
                return r;
            return {
                success: false,
                error: new ZodError([
                    {
                        code: 'custom',
                        path: at,
                        message: 'has the key "__proto__", which cannot be checked',
                        input: v,
                    },
                ]),
            };
        },
    };
}
/**
 * Where zod's result lacks an own "__proto__" key that the input had (records and catch-all
 * objects drop it; values under z.unknown() keep it), walking input and result side by side.
 */
function droppedProto(input, output) {
    const pathTo = (s, last) => {
        const out = [last];
        for (let x = s; x?.up; x = x.up)
            out.push(x.key);
        return out.reverse();
    };
    const stack = [{ a: input, b: output, key: '', up: undefined }];
    for (let s = stack.pop(); s; s = stack.pop()) {
        const { a, b } = s;
        if (a === b || typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
            continue;
        if (Array.isArray(a)) {
            if (!Array.isArray(b))
                continue;
            for (let i = 0; i < a.length; i++)
                stack.push({ a: a[i], b: b[i], key: i, up: s });
        }
        else {
            if (Object.hasOwn(a, '__proto__') && !Object.hasOwn(b, '__proto__'))
                return pathTo(s, '__proto__');
            for (const k of Object.keys(a))
                if (Object.hasOwn(b, k))
                    stack.push({
                        a: a[k],
                        b: b[k],
                        key: k,
                        up: s,
                    });
        }
    }
    return undefined;
}
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
function compile(s) {
    const def = s._zod.def;
    const base = compileType(def);
    const checks = (def.checks ?? []).map(compileCheck);
    if (checks.length === 0)
        return base;
    if (checks.length === 1) {
        const only = checks[0];
        return (v) => base(v) && only(v);
    }
    return (v) => base(v) && checks.every((c) => c(v));
}
/**
 * The checks the run formats use, as plain predicates (same conditions as zod's check functions,
 * run after the base type matched); any other check runs zod's own function.
 */
function compileCheck(c) {
    const d = c._zod.def;
    const pattern = d.pattern;
    if (d.check === 'string_format' && d.format === 'regex' && pattern instanceof RegExp) {
        if (!pattern.global && !pattern.sticky)
            return (v) => pattern.test(v);
    }
    else if (d.check === 'min_length' && typeof d.minimum === 'number') {
        // zod counts code points, which only matters between min and 2 × min UTF-16 units.
        const min = d.minimum;
        const exact = runCheck(c);
        return (v) => {
            const units = v.length;
            return units >= 2 * min || (units >= min && exact(v));
        };
    }
    else if (d.check === 'number_format' && d.format === 'safeint') {
        return (v) => Number.isSafeInteger(v);
    }
    else if (d.check === 'greater_than' && typeof d.value === 'number') {
        const min = d.value;
        return d.inclusive ? (v) => v >= min : (v) => v > min;
    }
    else if (d.check === 'less_than' && typeof d.value === 'number') {
        const max = d.value;
        return d.inclusive ? (v) => v <= max : (v) => v < max;
    }
    return runCheck(c);
}
function runCheck(c) {
    return (value) => {
        const payload = { value, issues: [] };
        const r = c._zod.check(payload);
        // An async refinement, or a check that rewrites the value, is left to zod.
        return !(r instanceof Promise) && payload.issues.length === 0 && payload.value === value;
    };
}
function compileType(def) {
    switch (def.type) {
        case 'string':
            return (v) => typeof v === 'string';
        case 'number':
            return (v) => typeof v === 'number' && Number.isFinite(v);
        case 'boolean':
            return (v) => typeof v === 'boolean';
        case 'unknown':
            return () => true;
        case 'literal':
        case 'enum': {
            const values = def.type === 'literal' ? def.values : Object.values(def.entries);
            if (!values.every((x) => typeof x === 'string'))
                throw new Unsupported();
            const set = new Set(values);
            return (v) => set.has(v);
        }
        case 'nullable': {
            const inner = compile(def.innerType);
            return (v) => v === null || inner(v);
        }
        case 'optional': {
            const inner = compile(def.innerType);
            return (v) => v === undefined || inner(v);
        }
        case 'array': {
            const el = compile(def.element);
            return (v) => {
                if (!Array.isArray(v))
                    return false;
                // Indexed, not every(): a hole is an undefined element to zod.
                for (let i = 0; i < v.length; i++)
                    if (!el(v[i]))
                        return false;
                return true;
            };
        }
        case 'tuple': {
            if (def.rest)
                throw new Unsupported();
            const items = def.items.map(compile);
            return (v) => Array.isArray(v) && v.length === items.length && items.every((p, i) => p(v[i]));
        }
        case 'record': {
            if (def.keyType._zod.def.type !== 'string')
                throw new Unsupported();
            const key = compile(def.keyType);
            const value = compile(def.valueType);
            return (v) => {
                if (!isObject(v))
                    return false;
                // "__proto__" goes to zod, which drops it, and is then refused (see safeParse).
                for (const k of Object.keys(v))
                    if (k === '__proto__' || !key(k) || !value(v[k]))
                        return false;
                return true;
            };
        }
        case 'object':
            return compileObject(def);
        case 'union':
            return compileUnion(def);
        default:
            throw new Unsupported();
    }
}
function compileObject(def) {
    const catchall = def.catchall?._zod.def.type;
    // Without a catchall zod strips unknown keys (a changed value): only an exact match is fast.
    const extraOk = catchall === 'unknown';
    if (catchall !== undefined && catchall !== 'never' && catchall !== 'unknown')
        throw new Unsupported();
    const entries = Object.entries(def.shape);
    const preds = entries.map(([, s]) => compile(s));
    // Generated per object schema (keys are the schema's own, never input): one shared closure for
    // every object would see every shape at its property loads, which V8 then does slowly.
    const lines = entries.map(([k, s], i) => {
        const key = JSON.stringify(k);
        const absent = s._zod.def.type === 'optional' ? 'x = undefined;' : 'return false;';
        return `if (hasOwn(v, ${key})) { present++; x = v[${key}]; } else ${absent} if (!p[${i}](x)) return false;`;
    });
    // An own "__proto__" key goes to zod (which drops it) and is then refused, as it is without
    // code generation.
    const rest = extraOk
        ? 'return !hasOwn(v, "__proto__");'
        : 'let total = 0; for (const k in v) if (hasOwn(v, k)) total++; return total === present;';
    const source = `return function object(v) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    let present = 0, x;
    ${lines.join('\n    ')}
    ${rest}
  };`;
    return new Function('hasOwn', 'p', source)(Object.hasOwn, preds);
}
function compileUnion(def) {
    const options = def.options.map((o) => ({ o, p: compile(o) }));
    const disc = def.discriminator;
    if (disc === undefined)
        return (v) => options.some(({ p }) => p(v));
    const byTag = new Map();
    for (const { o, p } of options) {
        const tag = o._zod.def.shape?.[disc]?._zod.def;
        if (tag?.type !== 'literal')
            throw new Unsupported();
        for (const x of tag.values)
            byTag.set(x, p);
    }
    const tagOf = new Function('v', `return v[${JSON.stringify(disc)}];`);
    return (v) => isObject(v) && (byTag.get(tagOf(v)) ?? (() => false))(v);
}

;// CONCATENATED MODULE: ./src/packs/trace/schema.ts

/**
 * The file formats of a bijux-canon-reason run directory (CONTRACTS.md §2). These zod schemas are
 * the one source of truth: the checks validate every record against them before judging it. The
 * producer's models forbid unknown fields, so these do too (fail closed).
 */
const SUPPORTED_SCHEMA_VERSIONS = [1, 2];
const SUPPORTED_RUNTIME_PROTOCOLS = [1];
const SUPPORTED_CANONICALIZATION = [1];
const SUPPORTED_FINGERPRINT_ALGOS = ['sha256'];
const SUPPORTED_RUN_META_VERSIONS = [1];
/** The files every run directory holds (manifest.json lists all but itself). */
const CORE_FILES = [
    'spec.json',
    'plan.json',
    'trace.jsonl',
    'verify.json',
    'fingerprint.txt',
    'run_meta.json',
    'manifest.json',
];
const STEP_KINDS = ['understand', 'gather', 'derive', 'verify', 'finalize'];
const REQUIRED_OUTPUTS = ['understand', 'gather', 'derive', 'verify', 'finalize'];
const Hex64 = schemas_string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters');
const Int = schemas_number().int();
const NonNegInt = Int.min(0);
const Json = unknown();
const JsonObject = record(schemas_string(), Json);
/** `[start, end)` with 0 ≤ start < end. */
const Span = tuple([NonNegInt, NonNegInt])
    .refine(([a, b]) => a < b, { message: 'span must satisfy 0 <= start < end' });
// ── trace.jsonl ──────────────────────────────────────────────────────────────────────────────
const TraceHeader = object({
    record: literal('trace_header'),
    id: schemas_string().min(1),
    metadata: JsonObject,
    spec_id: schemas_string().nullable(),
    plan_id: schemas_string().nullable(),
    runtime_protocol_version: Int,
    schema_version: Int,
    fingerprint_algo: schemas_string(),
    canonicalization_version: Int,
})
    .strict();
const SupportRef = object({
    kind: schemas_enum(['claim', 'evidence', 'tool_call']),
    ref_id: schemas_string().min(1),
    span: Span,
    snippet_sha256: Hex64,
    hash_algo: literal('sha256').optional(),
})
    .strict();
const Claim = object({
    id: schemas_string().min(1),
    statement: schemas_string(),
    status: schemas_enum(['proposed', 'validated', 'rejected']),
    confidence: schemas_number(),
    supports: array(SupportRef),
    claim_type: schemas_enum(['derived', 'observed', 'assumed']),
    structured: JsonObject.nullable().optional(),
})
    .strict();
const EvidenceRef = object({
    id: schemas_string()
        .min(1)
        .regex(/^[^:\]]+$/, 'must not contain ":" or "]" (it could not be cited)'),
    uri: schemas_string(),
    sha256: Hex64,
    span: Span,
    chunk_id: Hex64,
    content_path: schemas_string(),
})
    .strict();
const ToolCall = object({
    id: schemas_string().min(1),
    tool_name: schemas_string().min(1),
    arguments: JsonObject,
    step_id: schemas_string().min(1),
    call_idx: NonNegInt,
})
    .strict();
const ToolResult = object({
    call_id: schemas_string().min(1),
    success: schemas_boolean(),
    result: Json.optional(),
    error: schemas_string().nullable().optional(),
})
    .strict();
const Ids = array(schemas_string());
/** A step output; the producer tags it with `kind` (its serialized field name may be `type`). */
const StepOutput = discriminatedUnion('kind', [
    object({
        kind: literal('understand'),
        normalized_question: schemas_string(),
        assumptions: array(schemas_string()).optional(),
        task_type: schemas_string().optional(),
    })
        .strict(),
    object({
        kind: literal('gather'),
        evidence_ids: Ids,
        retrieval_queries: array(schemas_string()).optional(),
        retrieval_provenance: JsonObject.optional(),
    })
        .strict(),
    object({ kind: literal('derive'), claim_ids: Ids }).strict(),
    object({
        kind: literal('verify'),
        validated_claim_ids: Ids,
        rejected_claim_ids: Ids.optional(),
        missing_support_claim_ids: Ids.optional(),
    })
        .strict(),
    object({
        kind: literal('finalize'),
        final_claim_ids: Ids,
        final_answer: schemas_string().nullable().optional(),
        uncertainty: schemas_string().nullable().optional(),
    })
        .strict(),
    object({
        kind: literal('insufficient_evidence'),
        reason: schemas_string(),
        retrieved: NonNegInt,
        required: NonNegInt,
    })
        .strict(),
]);
const Idx = NonNegInt;
const StepId = schemas_string().min(1);
const TraceEvent = discriminatedUnion('kind', [
    object({ kind: literal('step_started'), idx: Idx, step_id: StepId }).strict(),
    object({ kind: literal('step_finished'), idx: Idx, step_id: StepId, output: StepOutput })
        .strict(),
    object({ kind: literal('tool_called'), idx: Idx, step_id: StepId, call: ToolCall }).strict(),
    object({ kind: literal('tool_returned'), idx: Idx, step_id: StepId, result: ToolResult })
        .strict(),
    object({
        kind: literal('evidence_registered'),
        idx: Idx,
        step_id: StepId,
        evidence: EvidenceRef,
    })
        .strict(),
    object({ kind: literal('claim_emitted'), idx: Idx, step_id: schemas_string(), claim: Claim })
        .strict(),
]);
const EventRecord = object({ record: literal('trace_event'), event: unknown() })
    .strict();
// ── other run files ─────────────────────────────────────────────────────────────────────────
const PlanNode = object({
    id: schemas_string().min(1),
    kind: schemas_enum(STEP_KINDS),
    dependencies: array(schemas_string()),
    step: object({
        kind: schemas_enum(STEP_KINDS),
        notes: schemas_string().optional(),
        tool_requests: array(object({ tool_name: schemas_string(), arguments: JsonObject.optional() }).strict())
            .optional(),
    })
        .strict(),
    parameters: JsonObject,
})
    .strict();
const Plan = object({
    id: schemas_string().min(1),
    problem: schemas_string(),
    spec_id: schemas_string().min(1),
    nodes: array(PlanNode),
    edges: array(tuple([schemas_string(), schemas_string()])),
})
    .strict();
const ProblemSpec = object({
    id: schemas_string().min(1),
    description: schemas_string(),
    constraints: JsonObject,
    expected_output_type: schemas_string(),
    expected: JsonObject.nullable().optional(),
    version: Int.nullable().optional(),
})
    .strict();
const RunMeta = object({
    run_id: schemas_string().min(1),
    spec_id: schemas_string().min(1),
    plan_id: schemas_string().min(1),
    trace_id: schemas_string().min(1),
    schema_version: Int,
    runtime_descriptor: object({
        kind: schemas_string(),
        mode: schemas_enum(['live', 'frozen']),
        tools: array(object({ name: schemas_string(), version: schemas_string(), config_fingerprint: schemas_string() })
            .strict()),
    })
        .strict()
        .optional(),
})
    .loose()
    .describe('run_meta.json: ids of the run’s parts; the producer adds preset, seed, runtime and versions');
const Manifest = record(schemas_string(), Hex64)
    .describe('relative POSIX path → bare sha256 hex, sorted by key');
const ChunkRecord = object({
    chunk_id: Hex64,
    start_byte: NonNegInt,
    end_byte: NonNegInt,
    chunk_sha256: Hex64,
})
    .loose();
/** The producer's report (verify.json), and the shape our verification-report renderer writes. */
const VerificationReport = object({
    id: schemas_string().nullable().optional(),
    checks: array(object({
        name: schemas_string(),
        passed: schemas_boolean(),
        details: schemas_string().nullable().optional(),
        metrics: record(schemas_string(), schemas_number()).optional(),
    })
        .strict()),
    failures: array(object({
        severity: schemas_enum(['error', 'warning', 'info']),
        message: schemas_string(),
        invariant_id: schemas_string().nullable().optional(),
    })
        .strict()),
    summary_metrics: record(schemas_string(), schemas_number()).optional(),
    trace_id: schemas_string().nullable().optional(),
})
    .strict();
/** Options of the trace pack (the config file's `trace` section; fixtures' `options`). */
const TraceOptions = object({
    min_supports: schemas_number().int().min(0).optional(),
});
const CANONICAL_MARKER = /\[evidence:([^:\]]+):(\d+)-(\d+):([0-9a-f]{64})\]/g;

;// CONCATENATED MODULE: ./src/packs/trace/fast.ts


/** The run formats behind fast acceptance paths; zod still decides and words every rejection. */
const Fast = {
    ChunkRecord: fastSchema(ChunkRecord),
    EventRecord: fastSchema(EventRecord),
    Manifest: fastSchema(Manifest),
    Plan: fastSchema(Plan),
    ProblemSpec: fastSchema(ProblemSpec),
    RunMeta: fastSchema(RunMeta),
    TraceEvent: fastSchema(TraceEvent),
    TraceHeader: fastSchema(TraceHeader),
    VerificationReport: fastSchema(VerificationReport),
};

;// CONCATENATED MODULE: ./src/packs/trace/files.ts







/** Run files other than trace.jsonl are small JSON; anything bigger is refused rather than read. */
const MAX_RUN_FILE_BYTES = 64 * 1024 * 1024;
const MAX_LIST_DEPTH = 16;
const MAX_LIST_ENTRIES = 1_000_000;
const PLAIN_PATH = /^(?![A-Za-z]:)[^/\\\0]+(?:\/[^/\\\0]+)*$/;
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;
/** True when `p` is a plain relative POSIX path: no `..`, no absolute path, no backslash, no empty segment. */
function isPlainRelative(p) {
    return PLAIN_PATH.test(p) && !DOT_SEGMENT.test(p);
}
/**
 * Lists every file under the run directory without following symlinks (lstat), so a symlink
 * loop or a link out of the run cannot trap or widen the walk. FIFOs and sockets are listed as
 * 'other' and never opened.
 */
function listRun(runDir, realRunDir) {
    const out = [];
    const stack = [{ abs: runDir, rel: '', depth: 0 }];
    while (stack.length > 0 && out.length < MAX_LIST_ENTRIES) {
        const { abs, rel, depth } = stack.pop();
        let entries;
        try {
            entries = external_node_fs_default().readdirSync(abs, { withFileTypes: true });
        }
        catch {
            continue;
        }
        for (const e of entries) {
            const childAbs = external_node_path_default().join(abs, e.name);
            const childRel = rel ? `${rel}/${e.name}` : e.name;
            if (e.isDirectory()) {
                if (depth < MAX_LIST_DEPTH)
                    stack.push({ abs: childAbs, rel: childRel, depth: depth + 1 });
                else
                    out.push({ rel: childRel, abs: childAbs, kind: 'other', detail: 'is nested too deeply' });
            }
            else if (e.isFile()) {
                // Reached through real directories only (symlinked ones are not entered), so its real
                // path needs no realpath call.
                out.push({ rel: childRel, abs: childAbs, kind: 'file', real: inDir(realRunDir, childRel) });
            }
            else if (e.isSymbolicLink()) {
                const entry = { rel: childRel, abs: childAbs, kind: 'symlink' };
                try {
                    const real = external_node_fs_default().realpathSync.native(childAbs);
                    entry.real = real;
                    const inside = real.startsWith(realRunDir + (external_node_path_default()).sep);
                    entry.insideFile = inside && external_node_fs_default().statSync(real).isFile();
                    if (!inside)
                        entry.detail = `is a symlink to ${real}, outside the run directory`;
                    else if (!entry.insideFile)
                        entry.detail = 'is a symlink to something other than a regular file';
                }
                catch (err) {
                    entry.detail =
                        err.code === 'ELOOP'
                            ? 'is a symlink loop'
                            : `is a dangling symlink (${errorText(err)})`;
                }
                out.push(entry);
            }
            else {
                out.push({
                    rel: childRel,
                    abs: childAbs,
                    kind: 'other',
                    detail: 'is a FIFO, socket or device, not a regular file',
                });
            }
        }
    }
    return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}
/** `rel` (POSIX) under `dir`, without path.join's normalizing (rel is already plain). */
function inDir(dir, rel) {
    return (external_node_path_default()).sep === '/' ? `${dir}/${rel}` : external_node_path_default().join(dir, ...rel.split('/'));
}
/**
 * Reads a run file through the run's listing and the shared Hasher, which keeps its hash (the
 * manifest check then needs no second read). Missing means not in the listing; a listed entry
 * that is not a regular file inside the run is not read.
 */
function readRunFile(ctx, name, maxBytes) {
    const e = ctx.listing.get(name);
    if (!e)
        return { ok: false, kind: 'missing', detail: 'does not exist' };
    if (!readable(e))
        return { ok: false, kind: 'other', detail: e.detail ?? 'is not a regular file' };
    return ctx.hasher.read(e.real, maxBytes);
}
/** Reads and parses a small JSON run file (located errors; duplicate keys are malformed). */
function readRunJson(ctx, name) {
    const read = readRunFile(ctx, name, MAX_RUN_FILE_BYTES);
    if (!read.ok) {
        if (read.kind === 'missing')
            return { state: 'missing' };
        return { state: 'unreadable', detail: read.detail };
    }
    const text = decodeUtf8(read.bytes);
    if (!text.ok)
        return { state: 'malformed', detail: text.detail, line: 1 };
    // Fast path for what the producer writes (canonical JSON + newline): no located parse needed
    // unless something must be pointed at; canonical keys are strictly sorted, so none repeats.
    const body = text.text.endsWith('\n') ? text.text.slice(0, -1) : text.text;
    if (body.charCodeAt(0) === 0x7b) {
        try {
            const value = JSON.parse(body);
            const members = new Map();
            if (isCanonicalText(body, members)) {
                let doc;
                const lazy = {
                    lineOf: (p) => (doc ??= parseJson(text.text).doc).lineOf(p),
                };
                return { state: 'ok', value, doc: lazy, text: text.text, members };
            }
        }
        catch {
            // fall through to the located parser, which says where it breaks
        }
    }
    const parsed = parseJson(text.text);
    if (!parsed.ok)
        return { state: 'malformed', detail: parsed.message, line: parsed.position.line };
    const dup = parsed.doc.duplicates[0];
    if (dup)
        return { state: 'malformed', detail: `repeats the key "${dup.key}"`, line: dup.line };
    return { state: 'ok', value: parsed.value, doc: parsed.doc, text: text.text };
}
/** A regular file, or a symlink to one inside the run: what may be read (at its `real` path). */
function readable(e) {
    return e.kind === 'file' || (e.kind === 'symlink' && e.insideFile === true);
}
/** The run file, if it is a regular file (or a symlink to one inside the run) that may be read. */
function usable(listing, name) {
    const e = listing.get(name);
    return e && readable(e) ? e : undefined;
}
/**
 * Reads a JSON run file and validates it. An unreadable file is trace.file_unreadable; malformed
 * JSON or a schema violation is `invalid`, at its line, with "<name> <what> at <where>: <why>."
 * Returns undefined when anything was reported (or the file is missing: the core-file check says so).
 */
function loadRunFile(ctx, name, schema, invalid, what) {
    const rel = ctx.rel(name);
    const loaded = readRunJson(ctx, name);
    if (loaded.state === 'missing')
        return undefined;
    if (loaded.state === 'unreadable') {
        ctx.f.add(TRACE.fileUnreadable, `${name} ${loaded.detail}.`, { path: rel });
        return undefined;
    }
    if (loaded.state === 'malformed') {
        ctx.f.add(invalid, `${name} ${loaded.detail}.`, { path: rel, line: loaded.line });
        return undefined;
    }
    const parsed = schema.safeParse(loaded.value);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const at = issue.path.filter((x) => typeof x !== 'symbol');
        ctx.f.add(invalid, `${name} ${what} at ${at.join('.') || 'the top level'}: ${issue.message}.`, {
            path: rel,
            line: loaded.doc.lineOf(at) ?? 1,
        });
        return undefined;
    }
    return { data: parsed.data, doc: loaded.doc, rel, text: loaded.text, members: loaded.members };
}

;// CONCATENATED MODULE: ./src/packs/trace/chunks.ts







const CHUNKS_PATH = 'provenance/chunks.jsonl';
/**
 * Loads provenance/chunks.jsonl (one chunk record per line). Returns undefined when it cannot be
 * used; a run that registers evidence must have it ("citing whole documents instead of chunks is
 * rejected for missing chunk alignment").
 */
function loadChunks(ctx, evidenceCount) {
    const f = ctx.f;
    const rel = ctx.rel(CHUNKS_PATH);
    const read = readRunFile(ctx, CHUNKS_PATH, MAX_RUN_FILE_BYTES);
    if (!read.ok) {
        if (read.kind === 'missing') {
            if (evidenceCount > 0)
                f.add(TRACE.chunksInvalid, `The run registers ${evidenceCount} evidence item(s) but has no ${CHUNKS_PATH}, so no evidence can be aligned with its chunk.`, { path: rel });
            return undefined;
        }
        f.add(TRACE.chunksInvalid, `${CHUNKS_PATH} ${read.detail}.`, { path: rel });
        return undefined;
    }
    const text = decodeUtf8(read.bytes);
    if (!text.ok) {
        f.add(TRACE.chunksInvalid, `${CHUNKS_PATH} ${text.detail}.`, { path: rel, line: 1 });
        return undefined;
    }
    const index = new Map();
    let bad = false;
    const lines = text.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i].replace(/\r$/, '');
        const no = i + 1;
        if (line.trim() === '')
            continue;
        const parsed = parseChunkLine(line);
        if (!parsed.ok) {
            f.add(TRACE.chunksInvalid, `Line ${no} of ${CHUNKS_PATH} ${parsed.message.replace(/at line 1, /, 'at ')}.`, { path: rel, line: no });
            bad = true;
            continue;
        }
        const dup = parsed.duplicate;
        if (dup) {
            f.add(TRACE.chunksInvalid, `Line ${no} of ${CHUNKS_PATH} repeats the key ${q(dup.key)}.`, {
                path: rel,
                line: no,
            });
            bad = true;
            continue;
        }
        const rec = Fast.ChunkRecord.safeParse(parsed.value);
        if (!rec.success) {
            const issue = rec.error.issues[0];
            f.add(TRACE.chunksInvalid, `Line ${no} of ${CHUNKS_PATH} is not a chunk record at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`, { path: rel, line: no });
            bad = true;
            continue;
        }
        const c = rec.data;
        if (c.end_byte <= c.start_byte) {
            f.add(TRACE.chunksInvalid, `Chunk ${c.chunk_id.slice(0, 12)}… on line ${no} of ${CHUNKS_PATH} spans [${c.start_byte}, ${c.end_byte}), which is empty or reversed.`, { path: rel, line: no });
            bad = true;
            continue;
        }
        if (c.chunk_id !== c.chunk_sha256) {
            f.add(TRACE.chunksInvalid, `Chunk ${c.chunk_id.slice(0, 12)}… on line ${no} of ${CHUNKS_PATH} records chunk_sha256 ${c.chunk_sha256.slice(0, 12)}…; a chunk id is the sha256 of the chunk’s bytes, so the two must be equal.`, { path: rel, line: no });
            bad = true;
            continue;
        }
        let spans = index.get(c.chunk_id);
        if (!spans)
            index.set(c.chunk_id, (spans = []));
        if (spans.some((x) => x.start === c.start_byte && x.end === c.end_byte))
            continue; // listed twice
        spans.push({ start: c.start_byte, end: c.end_byte, sha: c.chunk_sha256, line: no });
    }
    return bad ? undefined : index;
}
/** The producer writes canonical lines: those need no located parse (nor a duplicate-key scan). */
function parseChunkLine(line) {
    if (line.charCodeAt(0) === 0x7b) {
        try {
            const value = JSON.parse(line);
            // Canonical keys are strictly sorted, so none repeats.
            if (isCanonicalText(line))
                return { ok: true, value };
        }
        catch {
            // the located parser says where it breaks
        }
    }
    const parsed = parseJson(line);
    if (!parsed.ok)
        return parsed;
    return { ok: true, value: parsed.value, duplicate: parsed.doc.duplicates[0] };
}

;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
var external_node_os_default = /*#__PURE__*/__nccwpck_require__.n(external_node_os_namespaceObject);
;// CONCATENATED MODULE: external "node:worker_threads"
const external_node_worker_threads_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
;// CONCATENATED MODULE: ./src/io/hashing.ts






/** Files at least this big are hashed off the main thread, in 1 MiB chunks. */
const LARGE_FILE_BYTES = 8 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
// Runs inside a worker: a synchronous 1 MiB read loop, which keeps memory flat for any size.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const buf = Buffer.allocUnsafe(${CHUNK_BYTES});
parentPort.on('message', ({ id, path }) => {
  let fd;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const st = fs.fstatSync(fd);
    if (!st.isFile()) { parentPort.postMessage({ id, error: 'not_file' }); return; }
    const h = createHash('sha256');
    let size = 0, n;
    while ((n = fs.readSync(fd, buf, 0, buf.length, null)) > 0) { h.update(buf.subarray(0, n)); size += n; }
    parentPort.postMessage({ id, sha256: h.digest('hex'), size });
  } catch (err) {
    parentPort.postMessage({ id, error: 'unreadable', detail: (err && err.code ? err.code + ': ' : '') + (err && err.message || String(err)) });
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
});
`;
class WorkerPool {
    size;
    workers = [];
    idle = [];
    queue = [];
    running = new Map();
    nextId = 0;
    constructor(size) {
        this.size = size;
    }
    run(path) {
        return new Promise((resolve) => {
            this.queue.push({ id: this.nextId++, path, resolve });
            this.pump();
        });
    }
    pump() {
        while (this.queue.length > 0) {
            let w = this.idle.pop();
            if (!w && this.workers.length < this.size)
                w = this.spawn();
            if (!w)
                return;
            const job = this.queue.shift();
            this.running.set(w, job);
            w.postMessage({ id: job.id, path: job.path });
        }
    }
    spawn() {
        const w = new external_node_worker_threads_namespaceObject.Worker(WORKER_SOURCE, { eval: true });
        w.on('message', (m) => {
            const job = this.running.get(w);
            this.running.delete(w);
            this.idle.push(w);
            if (job) {
                if (m.sha256 !== undefined)
                    job.resolve({ ok: true, sha256: m.sha256, size: m.size ?? 0 });
                else if (m.error === 'not_file')
                    job.resolve({ ok: false, reason: 'not_file', detail: 'is not a regular file' });
                else
                    job.resolve({ ok: false, reason: 'unreadable', detail: m.detail ?? 'could not be read' });
            }
            this.pump();
        });
        w.on('error', (err) => {
            const job = this.running.get(w);
            this.running.delete(w);
            this.workers.splice(this.workers.indexOf(w), 1);
            job?.resolve({ ok: false, reason: 'unreadable', detail: errorText(err) });
            this.pump();
        });
        this.workers.push(w);
        return w;
    }
    async close() {
        await Promise.all(this.workers.map((w) => w.terminate()));
        this.workers.length = 0;
        this.idle.length = 0;
    }
}
/**
 * One hashing service per run: each distinct file (by real path) is hashed once, however many
 * artifacts cite it. Small files are read synchronously; large ones are streamed in 1 MiB
 * chunks on worker threads so several big files hash in parallel with the small ones.
 */
class Hasher {
    parallelism;
    cache = new Map();
    /** Hashes already known, for synchronous reads. */
    known = new Map();
    pool;
    filesHashed = 0;
    bytesHashed = 0;
    constructor(parallelism = Math.max(1, Math.min(4, external_node_os_default().availableParallelism()))) {
        this.parallelism = parallelism;
    }
    /** Starts hashing every path; large files first so the workers start while small ones run. */
    prefetch(realPaths) {
        const wanted = [...new Set(realPaths)];
        const small = [];
        for (const p of wanted) {
            if (this.cache.has(p))
                continue;
            let size = 0;
            try {
                size = external_node_fs_default().statSync(p).size;
            }
            catch {
                // hash() reports the error
            }
            if (size >= LARGE_FILE_BYTES)
                void this.hash(p);
            else
                small.push(p);
        }
        for (const p of small)
            void this.hash(p);
        // Only the paths asked for: waiting on the whole cache made many small prefetches quadratic.
        return Promise.all(wanted.map((p) => this.cache.get(p))).then(() => undefined);
    }
    /**
     * Reads a small file whole and hashes those same bytes, so a file that is both parsed (or
     * span-checked) and hashed is read once; the hash serves later hash() calls.
     */
    read(realPath, maxBytes) {
        const r = readSmallFile(realPath, maxBytes);
        if (!r.ok)
            return r;
        let sha256 = this.known.get(realPath);
        if (sha256 === undefined) {
            const o = { ok: true, sha256: sha256Hex(r.bytes), size: r.bytes.length };
            sha256 = o.sha256;
            this.remember(realPath, o);
            if (!this.cache.has(realPath))
                this.cache.set(realPath, Promise.resolve(o));
        }
        return { ok: true, bytes: r.bytes, sha256 };
    }
    remember(realPath, o) {
        if (!o.ok)
            return;
        this.known.set(realPath, o.sha256);
        this.filesHashed++;
        this.bytesHashed += o.size;
    }
    hash(realPath) {
        let p = this.cache.get(realPath);
        if (!p) {
            p = this.compute(realPath).then((o) => {
                if (!this.known.has(realPath))
                    this.remember(realPath, o);
                return o;
            });
            this.cache.set(realPath, p);
        }
        return p;
    }
    compute(realPath) {
        const opened = openRegularFile(realPath);
        if (!opened.ok)
            return Promise.resolve(openFailure(opened));
        const { fd, size } = opened;
        if (size >= LARGE_FILE_BYTES) {
            external_node_fs_default().closeSync(fd);
            this.pool ??= new WorkerPool(this.parallelism);
            return this.pool.run(realPath);
        }
        try {
            const bytes = readOpened(fd, size);
            return Promise.resolve({ ok: true, sha256: sha256Hex(bytes), size: bytes.length });
        }
        catch (err) {
            return Promise.resolve({ ok: false, reason: 'unreadable', detail: errorText(err) });
        }
        finally {
            external_node_fs_default().closeSync(fd);
        }
    }
    async close() {
        await this.pool?.close();
        this.pool = undefined;
    }
}
// crypto.hash (Node ≥ 20.12) hashes in one call, about twice as fast as a Hash object on small input.
const oneShot = (external_node_crypto_default()).hash;
function sha256Hex(bytes) {
    return oneShot
        ? oneShot('sha256', bytes, 'hex')
        : (0,external_node_crypto_namespaceObject.createHash)('sha256').update(bytes).digest('hex');
}

;// CONCATENATED MODULE: ./src/packs/trace/ids.ts


/**
 * Content-derived ids as the producer makes them: `<kind>_v1_<sha256 of the canonical JSON>`.
 * The payload is rebuilt from the raw canonical text of each field (taken verbatim from the file),
 * so no number or string is ever re-serialized differently from the producer.
 */
function contentId(kind, rawFields) {
    const keys = Object.keys(rawFields).sort();
    const payload = `{${keys.map((k) => `${JSON.stringify(k)}:${rawFields[k]}`).join(',')}}`;
    return `${kind}_v1_${(0,external_node_crypto_namespaceObject.createHash)('sha256').update(payload, 'utf8').digest('hex')}`;
}
/** The raw text of the top-level members of a canonical JSON object, by key. */
function rawMembers(text, members) {
    const out = {};
    for (const [k, [a, b]] of members)
        out[k] = text.slice(a, b);
    return out;
}
/** The raw text of the members of a canonical JSON object's text (undefined when it is not canonical). */
function membersOf(objectText) {
    const r = checkLine(objectText, true);
    return r.ok && r.members ? rawMembers(objectText, r.members) : undefined;
}
/**
 * The raw canonical text of a JSON file's top-level members, whatever its formatting (an id
 * covers the content, not the layout): undefined when it cannot be put in canonical form.
 */
function documentMembers(text, members) {
    if (members)
        return rawMembers(text, members);
    const canonical = canonicalizeText(text);
    const scanned = canonical === undefined ? undefined : checkLine(canonical, true);
    return scanned?.ok && scanned.members ? rawMembers(canonical, scanned.members) : undefined;
}
/** The raw text of the `event` member of a canonical trace_event line. */
function eventText(line) {
    return line.slice(EVENT_PREFIX.length, line.length - EVENT_SUFFIX.length);
}
/** The streaming hash of a trace's content id: header fields around the events' canonical text. */
class TraceIdHasher {
    header;
    h = (0,external_node_crypto_namespaceObject.createHash)('sha256');
    n = 0;
    valid = true;
    constructor(header) {
        this.header = header;
        this.h.update(`{"canonicalization_version":${header.canonicalization_version},"events":[`, 'utf8');
    }
    // Events are copied into one buffer and hashed 64 KiB at a time, not one update per event.
    staged = Buffer.allocUnsafe(64 * 1024);
    used = 0;
    /** The canonical bytes of one event (the `event` member of its canonical line). */
    event(bytes) {
        if (this.used + bytes.length + 1 > this.staged.length)
            this.flush();
        if (this.n++ > 0)
            this.staged[this.used++] = 0x2c; // ,
        if (bytes.length > this.staged.length - this.used) {
            this.flush();
            this.h.update(bytes);
        }
        else {
            this.staged.set(bytes, this.used);
            this.used += bytes.length;
        }
    }
    flush() {
        if (this.used > 0)
            this.h.update(this.staged.subarray(0, this.used));
        this.used = 0;
    }
    digest() {
        this.flush();
        const hd = this.header;
        this.h.update(`],"fingerprint_algo":${hd.fingerprint_algo},"metadata":${hd.metadata},"plan_id":${hd.plan_id},"runtime_protocol_version":${hd.runtime_protocol_version},"schema_version":${hd.schema_version},"spec_id":${hd.spec_id}}`, 'utf8');
        return `trace_v1_${this.h.digest('hex')}`;
    }
}
const EVENT_PREFIX = '{"event":';
const EVENT_SUFFIX = ',"record":"trace_event"}';

;// CONCATENATED MODULE: ./src/packs/trace/cited.ts




/**
 * The bytes a `claim` or `tool_call` support's span selects (the producer defines no frame for
 * them; these are the ones its models expose as content):
 * - a claim support: the UTF-8 bytes of the cited claim's `statement` (the claim's content);
 * - a tool_call support: the canonical JSON bytes of the tool result's `result` value, exactly as
 *   the trace line holds them (sorted keys, compact, Python floats).
 *
 * They are kept per id while the trace streams (claims may cite later records), as text that is
 * turned into bytes only when a support cites it. Past KEEP_CHARS of such text per run only a
 * digest is kept, which still proves a support that spans the whole content; a narrower span
 * over a dropped source is reported as unverifiable, never passed.
 */
const KEEP_CHARS = 32 * 1024 * 1024;
class CitedBytes {
    sources = new Map();
    kept = 0;
    /** A claim's statement, kept under its id (the first emission wins). */
    claim(id, statement) {
        if (this.sources.has(id))
            return;
        this.keep(id, statement.length, () => statement);
    }
    /**
     * A tool result, from its canonical event line (the `event` member's text), kept under the
     * call id. `canonical` is false when the line itself is not canonical: its own finding stands
     * and its bytes are not guessed.
     */
    toolResult(callId, lineText, canonical) {
        if (this.sources.has(callId))
            return;
        if (!canonical) {
            this.sources.set(callId, { kind: 'none', why: 'its trace line is not canonical JSON' });
            return;
        }
        this.keep(callId, lineText.length, () => resultText(lineText));
    }
    keep(id, chars, get) {
        if (this.kept + chars <= KEEP_CHARS) {
            this.kept += chars;
            this.sources.set(id, { kind: 'text', get });
            return;
        }
        const text = get();
        if (text === undefined) {
            this.sources.set(id, { kind: 'none', why: 'the tool result has no result value' });
            return;
        }
        const bytes = Buffer.from(text, 'utf8');
        this.sources.set(id, { kind: 'digest', sha: sha256Hex(bytes), len: bytes.length });
    }
    /** The sha256 of bytes [b0, b1) of the record `id` (which must have been kept). */
    select(id, b0, b1) {
        const s = this.sources.get(id);
        if (!s)
            return undefined;
        if (s.kind === 'none')
            return { ok: false, reason: 'unverifiable', why: s.why };
        if (s.kind === 'digest') {
            if (b1 > s.len || b0 >= b1)
                return { ok: false, reason: 'out_of_bounds', len: s.len };
            if (b0 === 0 && b1 === s.len)
                return { ok: true, sha: s.sha, len: s.len, preview: '' };
            return {
                ok: false,
                reason: 'unverifiable',
                why: `the run holds more cited text than the verifier keeps (${KEEP_CHARS / 1024 / 1024} MiB), so only a span over all of it can be checked`,
            };
        }
        const text = s.get();
        if (text === undefined)
            return { ok: false, reason: 'unverifiable', why: 'the tool result has no result value' };
        const bytes = Buffer.from(text, 'utf8');
        if (b1 > bytes.length || b0 >= b1)
            return { ok: false, reason: 'out_of_bounds', len: bytes.length };
        const span = bytes.subarray(b0, b1);
        return {
            ok: true,
            sha: sha256Hex(span),
            len: bytes.length,
            preview: span.subarray(0, 80).toString('utf8'),
        };
    }
}
/** The raw text of `event.result.result` in a canonical tool_returned line, if it has one. */
function resultText(line) {
    const event = membersOf(eventText(line))?.result;
    return event === undefined ? undefined : membersOf(event)?.result;
}
/**
 * Claim and tool_call supports: the cited record exists (a claim the trace emits, a tool call
 * with a result), the span lies inside its bytes, and snippet_sha256 is the hash of those bytes.
 */
function checkRecordSupports(ctx, supports, known, cited) {
    const f = ctx.f;
    for (const s of supports) {
        if (s.kind === 'evidence')
            continue;
        const what = s.kind === 'claim' ? `claim ${q(s.refId)}` : `tool call ${q(s.refId)}`;
        if (s.kind === 'claim' ? !known.claim(s.refId) : !known.toolCall(s.refId)) {
            f.add(TRACE.supportUnresolved, s.kind === 'claim'
                ? `Claim ${q(s.claimId)} on line ${s.line} is supported by claim ${q(s.refId)}, which the trace never emits.`
                : `Claim ${q(s.claimId)} on line ${s.line} is supported by tool call ${q(s.refId)}, which has no result in the trace.`, ctx.at(s.line));
            continue;
        }
        const frame = s.kind === 'claim' ? 'its statement' : 'its result’s canonical JSON';
        const got = cited.select(s.refId, s.b0, s.b1);
        if (!got)
            continue; // resolved but never kept: cannot happen, the scan keeps every record
        if (!got.ok) {
            f.add(got.reason === 'out_of_bounds' ? TRACE.spanOutOfBounds : TRACE.snippetHashMismatch, got.reason === 'out_of_bounds'
                ? `Claim ${q(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of ${what}, but ${frame} has only ${got.len} bytes.`
                : `Claim ${q(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of ${what}, which cannot be checked: ${got.why}.`, ctx.at(s.line));
        }
        else if (got.sha !== s.sha) {
            f.add(TRACE.snippetHashMismatch, `Claim ${q(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of ${what} (${frame}) with snippet_sha256 ${s.sha.slice(0, 12)}…, but those bytes hash to ${got.sha.slice(0, 12)}…${got.preview ? `; they now read ${q(got.preview, 80)}` : ''}.`, ctx.at(s.line));
        }
    }
}

;// CONCATENATED MODULE: ./src/packs/trace/claims.ts


/** Occurrences of one quoted snippet looked at per claim (a hostile statement cannot make it quadratic). */
const MAX_QUOTES = 1000;
function evidenceCites(claim) {
    return claim.supports
        .filter((s) => s.kind === 'evidence')
        .map((s) => [s.ref_id, s.span[0], s.span[1]]);
}
const MARKER_AT = /\[evidence:([^:\]]+):(\d+)-(\d+):([0-9a-f]{64})\]/y;
/** A derived claim counts as marked insufficient when its structured payload says so (policy). */
function markedInsufficient(claim) {
    const s = claim.structured;
    return s !== null && s !== undefined && s.insufficient_evidence === true;
}
/**
 * Claims: duplicates, legacy markers, and for derived claims the grounding rules: at least one
 * evidence support (INV-GRD-001), at least `min_supports` (INV-GRD-002), and canonical markers that
 * match the evidence supports one to one.
 */
class ClaimChecks {
    ctx;
    ids = new Map();
    supports = [];
    /** Derived claims not marked insufficient: the run's answer. */
    derived = 0;
    derivedLine;
    /** Derived claims marked insufficient that would fail grounding: fine only in such a run. */
    exempted = [];
    total = 0;
    suspects = [];
    constructor(ctx) {
        this.ctx = ctx;
    }
    has(id) {
        return this.ids.has(id);
    }
    emitted(claim, line) {
        const f = this.ctx.f;
        const at = this.ctx.at(line);
        this.total++;
        const prev = this.ids.get(claim.id);
        if (prev !== undefined) {
            f.add(TRACE.claimDuplicate, `Claim ${q(claim.id)} is emitted again on line ${line}; it was first emitted on line ${prev}.`, at);
            return;
        }
        this.ids.set(claim.id, line);
        for (const s of claim.supports) {
            this.supports.push({
                claimId: claim.id,
                line,
                kind: s.kind,
                refId: s.ref_id,
                b0: s.span[0],
                b1: s.span[1],
                sha: s.snippet_sha256,
            });
        }
        // Markers: every "[evidence:" must open a canonical marker.
        const markers = new Map();
        let suspect;
        const statement = claim.statement;
        for (let i = statement.indexOf('[evidence:'); i >= 0; i = statement.indexOf('[evidence:', i + 1)) {
            MARKER_AT.lastIndex = i;
            const m = MARKER_AT.exec(statement);
            if (!m) {
                // Only the next 120 characters are quoted: a search to the end would make a statement
                // full of unclosed markers quadratic.
                const window = statement.slice(i, i + 120);
                const end = window.indexOf(']');
                const text = end < 0 ? window.slice(0, 60) : window.slice(0, end + 1);
                // Decided once the evidence is read: text the claim copies from the bytes it cites (the
                // extractive reasoner quotes evidence verbatim) is a quotation, not a marker.
                (suspect ??= {
                    claimId: claim.id,
                    line,
                    statement,
                    at: [],
                    cites: evidenceCites(claim),
                }).at.push([i, text]);
                continue;
            }
            const key = `${m[1]}\0${Number(m[2])}\0${Number(m[3])}\0${m[4]}`;
            markers.set(key, (markers.get(key) ?? 0) + 1);
        }
        if (suspect)
            this.suspects.push(suspect);
        if (claim.claim_type !== 'derived')
            return;
        const evidence = claim.supports.filter((s) => s.kind === 'evidence');
        // The same (evidence, span, snippet) cited twice is one support, not two.
        const supportKeys = new Map();
        for (const s of evidence) {
            const key = `${s.ref_id}\0${s.span[0]}\0${s.span[1]}\0${s.snippet_sha256}`;
            const n = (supportKeys.get(key) ?? 0) + 1;
            supportKeys.set(key, n);
            if ((markers.get(key) ?? 0) < n) {
                f.add(TRACE.markerMissing, `Derived claim ${q(claim.id)} on line ${line} cites evidence ${q(s.ref_id)} bytes [${s.span[0]}, ${s.span[1]}) but its statement has no marker [evidence:${s.ref_id}:${s.span[0]}-${s.span[1]}:${s.snippet_sha256}].`, at);
            }
        }
        if (markedInsufficient(claim) && this.ctx.allowMarkedInsufficient) {
            // Exempt from grounding only in a run that reports insufficient evidence (known at the end).
            if (supportKeys.size < Math.max(1, this.ctx.minSupports))
                this.exempted.push({ id: claim.id, line, supports: supportKeys.size });
        }
        else {
            this.derived++;
            this.derivedLine ??= line;
            this.ground(claim.id, line, supportKeys.size);
        }
        for (const [key, n] of markers) {
            const have = supportKeys.get(key) ?? 0;
            if (n > have) {
                const [id, b0, b1, sha] = key.split('\0');
                const why = have === 0
                    ? 'no evidence support has that id, span and snippet hash'
                    : `it appears ${n} times for ${have} support(s)`;
                f.add(TRACE.markerUnmatched, `Derived claim ${q(claim.id)} on line ${line} carries the marker [evidence:${id}:${b0}-${b1}:${sha.slice(0, 12)}…] but ${why}.`, at);
            }
        }
    }
    /**
     * Legacy markers: a non-canonical "[evidence:" is reported unless it lies inside text the claim
     * quotes from the evidence bytes it cites (`read` gives those bytes, undefined when they cannot
     * be read: the marker is then reported).
     */
    resolveLegacy(read) {
        for (const s of this.suspects) {
            const quoted = [];
            for (const [ref, b0, b1] of s.cites) {
                const text = read(ref, b0, b1)?.toString('utf8').trim();
                if (!text)
                    continue;
                let n = 0;
                for (let p = s.statement.indexOf(text); p >= 0 && n < MAX_QUOTES; p = s.statement.indexOf(text, p + 1), n++)
                    quoted.push([p, p + text.length]);
            }
            for (const [i, text] of s.at) {
                if (quoted.some(([a, b]) => a <= i && i + text.length <= b))
                    continue;
                this.ctx.f.add(TRACE.markerLegacy, `Claim ${q(s.claimId)} on line ${s.line} cites evidence with ${q(text)}, a legacy or malformed marker outside the text it quotes from its evidence; only [evidence:<id>:<b0>-<b1>:<sha256>] over exact bytes is accepted.`, this.ctx.at(s.line));
            }
        }
        this.suspects.length = 0;
    }
    /** Grounding of the claims marked insufficient, once the run's outcome is known. */
    finish(insufficientRun) {
        if (insufficientRun)
            return;
        for (const c of this.exempted)
            this.ground(c.id, c.line, c.supports, true);
    }
    /** INV-GRD-001 and INV-GRD-002 for one derived claim with `supports` distinct evidence supports. */
    ground(id, line, supports, marked = false) {
        const why = marked
            ? ' (it is marked insufficient_evidence, but the run does not report insufficient evidence)'
            : '';
        if (supports === 0) {
            this.ctx.f.add(TRACE.claimUngrounded, `Derived claim ${q(id)} on line ${line} has no evidence support: nothing grounds it${why}.`, this.ctx.at(line));
        }
        else if (supports < this.ctx.minSupports) {
            this.ctx.f.add(TRACE.supportsTooFew, `Derived claim ${q(id)} on line ${line} rests on ${supports} distinct evidence support(s); at least ${this.ctx.minSupports} are required by ${this.ctx.minSupportsSource}${why}.`, this.ctx.at(line));
        }
    }
}

;// CONCATENATED MODULE: ./src/packs/trace/content.ts





/**
 * The content-derived ids and hashes of the records a trace carries, recomputed from the exact
 * bytes of each canonical line (a line that is not canonical has its own finding; its ids are not
 * guessed): claim ids (`claim_v1_`), evidence ids (`ev_v1_`), and each derived claim's
 * `result_sha256` together with the header's reasoning-trace record (the producer's
 * check_reasoning_trace).
 */
class ContentChecks {
    ctx;
    derived = [];
    constructor(ctx) {
        this.ctx = ctx;
    }
    /**
     * Its fields are strings and integers, which JSON.stringify writes as Python's json.dumps does,
     * so the canonical payload is rebuilt from the parsed record without scanning the line again.
     */
    evidence(ev, no) {
        const want = contentId('ev', {
            chunk_id: JSON.stringify(ev.chunk_id),
            sha256: JSON.stringify(ev.sha256),
            span: `[${ev.span[0]},${ev.span[1]}]`,
            uri: JSON.stringify(ev.uri),
        });
        if (want !== ev.id)
            this.mismatch(`Evidence ${q(ev.id)} on line ${no}`, want, 'its uri, sha256, span or chunk_id', no);
    }
    claim(claim, line, canonical, no) {
        if (claim.claim_type === 'derived') {
            const s = claim.structured;
            const has = !!s && typeof s === 'object' && 'result_sha256' in s;
            const recorded = has && typeof s.result_sha256 === 'string' ? s.result_sha256 : undefined;
            this.derived.push({ id: claim.id, line: no, recorded, has, recomputed: resultHash(claim) });
        }
        if (!canonical)
            return;
        const c = membersOf(eventText(line))?.claim;
        const m = c === undefined ? undefined : membersOf(c);
        if (!m)
            return;
        // The producer hashes its model dump: hash_algo and structured are always there.
        const supports = claim.supports.every((x) => x.hash_algo !== undefined)
            ? m.supports
            : canonicalStringify(claim.supports.map((x) => ({ hash_algo: 'sha256', ...x })));
        const want = contentId('claim', {
            claim_type: m.claim_type,
            confidence: m.confidence,
            statement: m.statement,
            status: m.status,
            structured: m.structured ?? 'null',
            supports,
        });
        if (want !== claim.id)
            this.mismatch(`Claim ${q(claim.id)} on line ${no}`, want, 'its statement, supports, status, confidence or structured payload', no);
    }
    mismatch(who, want, what, no) {
        this.ctx.f.add(TRACE.contentIdMismatch, `${who} has an id that does not match its content, which hashes to ${q(want)}: ${what} changed after the run.`, this.ctx.at(no));
    }
    /**
     * The producer's check_reasoning_trace, for runs that carry the reasoning record (its header
     * metadata holds `reasoning_trace`, or a derived claim records `result_sha256`): every derived
     * claim records the hash of its statement and citations, they agree, and the header's
     * `reasoning_trace_sha256` (and `result_sha256`) is that hash.
     */
    finish(header) {
        if (!header || this.derived.length === 0)
            return;
        const meta = header.metadata.reasoning_trace;
        if (meta === undefined && !this.derived.some((d) => d.has))
            return;
        const f = this.ctx.f;
        const at = this.ctx.at(1);
        const bad = (message, line = 1) => f.add(TRACE.reasoningTraceMismatch, message, this.ctx.at(line));
        for (const d of this.derived) {
            if (d.recorded === undefined || !/^[0-9a-f]{64}$/.test(d.recorded))
                bad(`Derived claim ${q(d.id)} on line ${d.line} records no result_sha256 (structured.result_sha256), which the run’s reasoning record requires.`, d.line);
            else if (d.recorded !== d.recomputed)
                bad(`Derived claim ${q(d.id)} on line ${d.line} records result_sha256 ${d.recorded.slice(0, 12)}…, but its statement and citations hash to ${d.recomputed.slice(0, 12)}…: the claim was edited after the run.`, d.line);
        }
        if (!meta || typeof meta !== 'object' || Array.isArray(meta)) {
            f.add(TRACE.reasoningTraceMismatch, 'The trace header’s metadata has no reasoning_trace record, yet the run emits derived claims that record result hashes.', at);
            return;
        }
        const r = meta;
        const want = r.reasoning_trace_sha256;
        if (typeof want !== 'string' || !/^[0-9a-f]{64}$/.test(want)) {
            bad('The trace header’s reasoning_trace record has no reasoning_trace_sha256.');
            return;
        }
        if (r.result_sha256 !== undefined && r.result_sha256 !== want)
            bad(`The trace header’s reasoning_trace record holds two different hashes: reasoning_trace_sha256 ${want.slice(0, 12)}… and result_sha256 ${String(r.result_sha256).slice(0, 12)}….`);
        const recorded = new Set(this.derived.map((d) => d.recorded).filter((x) => x !== undefined));
        if (recorded.size > 1)
            bad(`The run’s ${this.derived.length} derived claims record ${recorded.size} different result hashes; its reasoning record vouches for one.`);
        else if (recorded.size === 1 && !recorded.has(want))
            bad(`The trace header’s reasoning_trace_sha256 is ${want.slice(0, 12)}…, but the derived claim records result_sha256 ${[...recorded][0].slice(0, 12)}…: the header or the claim was edited after the run.`);
    }
}
/** sha256(statement | "<evidence id>:<b0>-<b1>:<sha256>" joined by ";"), as the extractive reasoner writes it. */
function resultHash(claim) {
    const cites = claim.supports
        .filter((s) => s.kind === 'evidence')
        .map((s) => `${s.ref_id}:${s.span[0]}-${s.span[1]}:${s.snippet_sha256}`)
        .join(';');
    return sha256Hex(Buffer.concat([Buffer.from(claim.statement, 'utf8'), Buffer.from(`|${cites}`, 'utf8')]));
}

;// CONCATENATED MODULE: ./src/packs/trace/evidence.ts








/** Evidence files read whole for span checks up to this size; bigger ones are read span by span. */
const WHOLE_READ_BYTES = 4 * 1024 * 1024;
/**
 * Evidence bytes kept from the hashing read for the span checks, per run: small files (the usual
 * chunk) are read once; past this budget a file is read again when its spans are checked.
 */
const KEEP_BYTES = 32 * 1024 * 1024;
/**
 * Evidence: a plain relative content_path that stays inside the run directory (no `..`, no
 * absolute path, no symlink out), an existing regular file whose whole-file sha256 is the one
 * recorded, agreement with provenance/chunks.jsonl; then every evidence support's span and
 * snippet hash over the exact bytes.
 */
class EvidenceChecks {
    ctx;
    records = new Map();
    constructor(ctx) {
        this.ctx = ctx;
    }
    registered(ev, line) {
        const prev = this.records.get(ev.id);
        if (prev) {
            this.ctx.f.add(TRACE.evidenceDuplicate, `Evidence ${q(ev.id)} is registered again on line ${line}; it was first registered on line ${prev.line}.`, this.ctx.at(line));
            return;
        }
        const rec = { ev, line, usable: false };
        this.records.set(ev.id, rec);
        if (!isPlainRelative(ev.content_path)) {
            const why = ev.content_path === ''
                ? 'is empty'
                : ev.content_path.split('/').includes('..')
                    ? 'climbs out with ..'
                    : ev.content_path.startsWith('/') || /^[A-Za-z]:/.test(ev.content_path)
                        ? 'is absolute'
                        : 'is not a plain relative POSIX path';
            this.ctx.f.add(TRACE.evidencePathEscape, `Evidence ${q(ev.id)} on line ${line} has content_path ${q(ev.content_path)}, which ${why}; it was not read.`, this.ctx.at(line));
        }
    }
    /** Resolves each evidence file to its real path inside the run (or reports why it has none). */
    resolveAll() {
        for (const rec of this.records.values()) {
            if (!isPlainRelative(rec.ev.content_path))
                continue;
            const listed = this.ctx.listing.get(rec.ev.content_path);
            if (listed?.kind === 'file') {
                rec.real = listed.real; // a plain file reached through real directories of the run
                continue;
            }
            const abs = external_node_path_default().join(this.ctx.runDir, ...rec.ev.content_path.split('/'));
            let real;
            try {
                real = external_node_fs_default().realpathSync.native(abs);
            }
            catch (err) {
                const code = err.code;
                if (code === 'ENOENT' || code === 'ENOTDIR') {
                    this.ctx.f.add(TRACE.evidenceMissing, `Evidence ${q(rec.ev.id)} (registered on line ${rec.line}) has no file at ${rec.ev.content_path}${this.citedBy(rec.ev.id)}.`, this.ctx.at(rec.line), [{ path: this.ctx.rel(rec.ev.content_path) }]);
                }
                else {
                    this.ctx.f.add(TRACE.evidenceUnreadable, `Evidence file ${rec.ev.content_path} (line ${rec.line}) ${code === 'ELOOP' ? 'is a symlink loop' : `cannot be resolved: ${errorText(err)}`}.`, this.ctx.at(rec.line), [{ path: this.ctx.rel(rec.ev.content_path) }]);
                }
                continue;
            }
            if (!real.startsWith(this.ctx.realRunDir + (external_node_path_default()).sep)) {
                this.ctx.f.add(TRACE.evidencePathEscape, `Evidence ${q(rec.ev.id)} on line ${rec.line}: ${rec.ev.content_path} is a symlink to ${real}, outside the run directory; it was not read.`, this.ctx.at(rec.line), [{ path: this.ctx.rel(rec.ev.content_path) }]);
                continue;
            }
            rec.real = real;
        }
    }
    citers;
    setCiters(supports) {
        this.citers = new Map();
        for (const s of supports) {
            if (s.kind !== 'evidence')
                continue;
            let set = this.citers.get(s.refId);
            if (!set)
                this.citers.set(s.refId, (set = new Set()));
            set.add(s.claimId);
        }
    }
    citedBy(id) {
        const c = this.citers?.get(id);
        if (!c || c.size === 0)
            return '';
        const ids = [...c];
        return `; claim(s) citing it: ${ids
            .slice(0, 5)
            .map((x) => q(x, 80))
            .join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`;
    }
    async checkFiles(hasher, chunks) {
        const f = this.ctx.f;
        // Small files are read once for both the hash and the span checks; the rest hash in parallel.
        const rest = [];
        let budget = KEEP_BYTES;
        for (const rec of this.records.values()) {
            if (!rec.real)
                continue;
            const r = budget > 0 ? hasher.read(rec.real, Math.min(budget, WHOLE_READ_BYTES)) : undefined;
            if (r?.ok) {
                rec.bytes = r.bytes;
                budget -= r.bytes.length;
            }
            else if (!r || r.kind === 'too_large')
                rest.push(rec.real);
        }
        await hasher.prefetch(rest);
        for (const rec of this.records.values()) {
            const { ev, line } = rec;
            const evLoc = { path: this.ctx.rel(ev.content_path) };
            if (ev.chunk_id !== ev.sha256) {
                f.add(TRACE.evidenceChunkMismatch, `Evidence ${q(ev.id)} on line ${line} comes from chunk ${ev.chunk_id.slice(0, 12)}… but records sha256 ${ev.sha256.slice(0, 12)}…; a chunk id is the sha256 of the chunk’s bytes, which the evidence file holds.`, this.ctx.at(line));
            }
            else if (chunks) {
                const spans = chunks.get(ev.chunk_id);
                const c = spans?.find((x) => x.start === ev.span[0] && x.end === ev.span[1]);
                if (!spans) {
                    f.add(TRACE.evidenceChunkMismatch, `Evidence ${q(ev.id)} on line ${line} comes from chunk ${ev.chunk_id.slice(0, 12)}…, which provenance/chunks.jsonl does not list.`, this.ctx.at(line), [{ path: this.ctx.rel('provenance/chunks.jsonl') }]);
                }
                else if (!c) {
                    f.add(TRACE.evidenceChunkMismatch, `Evidence ${q(ev.id)} on line ${line} spans [${ev.span[0]}, ${ev.span[1]}) but its chunk is listed at ${spans
                        .slice(0, 3)
                        .map((x) => `[${x.start}, ${x.end})`)
                        .join(', ')}${spans.length > 3 ? ' …' : ''} in provenance/chunks.jsonl (line ${spans[0].line}).`, this.ctx.at(line), [{ path: this.ctx.rel('provenance/chunks.jsonl'), line: spans[0].line }]);
                }
            }
            if (!rec.real)
                continue;
            const o = await hasher.hash(rec.real);
            rec.outcome = o;
            if (!o.ok) {
                if (o.reason === 'missing') {
                    f.add(TRACE.evidenceMissing, `Evidence ${q(ev.id)} (registered on line ${line}) has no file at ${ev.content_path}${this.citedBy(ev.id)}.`, this.ctx.at(line), [evLoc]);
                }
                else {
                    f.add(TRACE.evidenceUnreadable, `Evidence file ${ev.content_path} (line ${line}) ${o.detail}${this.citedBy(ev.id)}.`, this.ctx.at(line), [evLoc]);
                }
                continue;
            }
            rec.usable = true;
            if (o.sha256 !== ev.sha256) {
                f.add(TRACE.evidenceHashMismatch, `Evidence ${q(ev.id)} (${ev.content_path}, ${o.size} bytes) hashes to ${o.sha256.slice(0, 12)}… but line ${line} of the trace records ${ev.sha256.slice(0, 12)}…: the file changed after the run${this.citedBy(ev.id)}.`, this.ctx.at(line), [evLoc]);
            }
        }
    }
    /** Bytes [b0, b1) of a readable evidence file (at most 1 MiB of them), or undefined. */
    readSpan(id, b0, b1) {
        const rec = this.records.get(id);
        if (!rec?.usable || !rec.real || b0 >= b1 || b1 - b0 > 1024 * 1024)
            return undefined;
        if (rec.bytes)
            return b1 <= rec.bytes.length ? rec.bytes.subarray(b0, b1) : undefined;
        let fd;
        try {
            fd = external_node_fs_default().openSync(rec.real, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NONBLOCK);
            if (!external_node_fs_default().fstatSync(fd).isFile())
                return undefined;
            const buf = Buffer.alloc(b1 - b0);
            const n = external_node_fs_default().readSync(fd, buf, 0, buf.length, b0);
            return n === buf.length ? buf : undefined;
        }
        catch {
            return undefined; // the evidence checks report why it cannot be read
        }
        finally {
            if (fd !== undefined)
                external_node_fs_default().closeSync(fd);
        }
    }
    /** Checks each evidence support: the ref resolves, the span lies in the file, the snippet hash matches. */
    checkSupports(supports) {
        try {
            this.checkSpans(supports);
        }
        finally {
            for (const rec of this.records.values())
                rec.bytes = undefined; // the run is done with them
        }
    }
    checkSpans(supports) {
        const f = this.ctx.f;
        const byEvidence = new Map();
        for (const s of supports) {
            if (s.kind !== 'evidence')
                continue;
            const rec = this.records.get(s.refId);
            if (!rec) {
                f.add(TRACE.supportUnresolved, `Claim ${q(s.claimId)} on line ${s.line} cites evidence ${q(s.refId)}, which no evidence_registered event in the trace registers.`, this.ctx.at(s.line));
                continue;
            }
            if (!rec.usable)
                continue; // the evidence finding already explains why its bytes cannot be checked
            let list = byEvidence.get(s.refId);
            if (!list)
                byEvidence.set(s.refId, (list = []));
            list.push(s);
        }
        for (const [id, uses] of byEvidence) {
            const rec = this.records.get(id);
            const size = rec.outcome && rec.outcome.ok ? rec.outcome.size : 0;
            const relPath = rec.ev.content_path;
            let fd;
            let whole = rec.bytes;
            try {
                if (!whole) {
                    fd = external_node_fs_default().openSync(rec.real, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NONBLOCK);
                    if (!external_node_fs_default().fstatSync(fd).isFile())
                        throw new Error('is not a regular file');
                    if (size <= WHOLE_READ_BYTES)
                        whole = external_node_fs_default().readFileSync(fd);
                }
                for (const s of uses) {
                    const len = whole ? whole.length : size;
                    if (s.b1 > len || s.b0 >= s.b1) {
                        f.add(TRACE.spanOutOfBounds, `Claim ${q(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of evidence ${q(id)}, but ${relPath} has only ${len} bytes.`, this.ctx.at(s.line), [{ path: this.ctx.rel(relPath) }]);
                        continue;
                    }
                    const got = whole ? sha256Hex(whole.subarray(s.b0, s.b1)) : hashRange(fd, s.b0, s.b1);
                    if (got !== s.sha) {
                        f.add(TRACE.snippetHashMismatch, `Claim ${q(s.claimId)} on line ${s.line} cites bytes [${s.b0}, ${s.b1}) of evidence ${q(id)} (${relPath}) with snippet_sha256 ${s.sha.slice(0, 12)}…, but those bytes hash to ${got.slice(0, 12)}…${preview(whole, s.b0, s.b1)}.`, this.ctx.at(s.line), [{ path: this.ctx.rel(relPath) }]);
                    }
                }
            }
            catch (err) {
                f.add(TRACE.evidenceUnreadable, `Evidence file ${relPath} could not be read to check ${uses.length} cited span(s): ${errorText(err)}.`, this.ctx.at(rec.line), [{ path: this.ctx.rel(relPath) }]);
            }
            finally {
                if (fd !== undefined)
                    external_node_fs_default().closeSync(fd);
            }
        }
    }
}
function hashRange(fd, b0, b1) {
    const h = (0,external_node_crypto_namespaceObject.createHash)('sha256');
    const buf = Buffer.allocUnsafe(1024 * 1024);
    let pos = b0;
    while (pos < b1) {
        const n = external_node_fs_default().readSync(fd, buf, 0, Math.min(buf.length, b1 - pos), pos);
        if (n <= 0)
            break;
        h.update(buf.subarray(0, n));
        pos += n;
    }
    return h.digest('hex');
}
function preview(whole, b0, b1) {
    if (!whole)
        return '';
    const text = whole.subarray(b0, Math.min(b1, b0 + 80)).toString('utf8');
    return `; the span now reads ${q(text, 80)}`;
}

;// CONCATENATED MODULE: ./src/packs/trace/header.ts




/**
 * Line 1 of trace.jsonl: a `trace_header` record with a supported schema version (1, 2), runtime
 * protocol 1, canonicalization 1 and fingerprint algorithm sha256. Unknown versions are rejected:
 * no upgrader exists. Returns the header when its shape is valid (even if a version is not).
 */
function checkHeader(ctx, value, line) {
    const f = ctx.f;
    const at = ctx.at(line);
    const v = value;
    if (!v || typeof v !== 'object' || Array.isArray(v) || v.record !== 'trace_header') {
        const rec = v && typeof v === 'object' && !Array.isArray(v) && 'record' in v
            ? `a ${q(String(v.record))} record`
            : 'no trace_header record';
        f.add(TRACE.headerInvalid, `Line 1 of trace.jsonl holds ${rec}; a trace starts with its {"record":"trace_header",…} line.`, at);
        return undefined;
    }
    const parsed = Fast.TraceHeader.safeParse(v);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        f.add(TRACE.headerInvalid, `The trace header on line 1 is invalid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`, at);
        return undefined;
    }
    const h = parsed.data;
    const bad = [];
    if (!SUPPORTED_SCHEMA_VERSIONS.includes(h.schema_version))
        bad.push(`schema_version ${h.schema_version} (supported: ${SUPPORTED_SCHEMA_VERSIONS.join(', ')})`);
    if (!SUPPORTED_RUNTIME_PROTOCOLS.includes(h.runtime_protocol_version))
        bad.push(`runtime_protocol_version ${h.runtime_protocol_version} (supported: ${SUPPORTED_RUNTIME_PROTOCOLS.join(', ')})`);
    if (!SUPPORTED_CANONICALIZATION.includes(h.canonicalization_version))
        bad.push(`canonicalization_version ${h.canonicalization_version} (supported: ${SUPPORTED_CANONICALIZATION.join(', ')})`);
    if (!SUPPORTED_FINGERPRINT_ALGOS.includes(h.fingerprint_algo))
        bad.push(`fingerprint_algo ${q(h.fingerprint_algo)} (supported: ${SUPPORTED_FINGERPRINT_ALGOS.join(', ')})`);
    for (const b of bad)
        f.add(TRACE.unsupportedVersion, `The trace header declares ${b}; no upgrader exists, so the run is rejected.`, at);
    return h;
}

;// CONCATENATED MODULE: ./src/packs/trace/jsonl.ts





/** A trace line longer than this is reported and skipped, never held in memory (64 MiB). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
const READ_BYTES = 1024 * 1024;
/**
 * Streams a JSONL file line by line in 1 MiB reads, hashing every byte as it goes (the fingerprint
 * needs the file's sha256; reading once is cheaper than reading twice). Each read's complete lines
 * are checked and decoded together; only a read that is not valid UTF-8 is split line by line, to
 * say which lines are bad. Opens non-blocking and checks the descriptor is a regular file, so a
 * FIFO cannot hang the run. Memory stays bounded by the longest line (capped at `maxLine`).
 */
function streamLines(abs, onLine, maxLine = MAX_LINE_BYTES) {
    const opened = openRegularFile(abs);
    if (!opened.ok)
        return openFailure(opened);
    const fd = opened.fd;
    let lineNo = 0;
    /** One line's bytes (without \n): strips a CR before the \n, checks UTF-8, decodes. */
    const emitLine = (line, final) => {
        lineNo++;
        if (line.length > maxLine)
            return onLine({ kind: 'too_long', no: lineNo, bytes: line.length });
        const crlf = !final && line.length > 0 && line[line.length - 1] === 0x0d;
        const body = crlf ? line.subarray(0, line.length - 1) : line;
        if (!(0,external_node_buffer_namespaceObject.isUtf8)(body))
            onLine({ kind: 'invalid_utf8', no: lineNo });
        else
            onLine({ kind: 'text', no: lineNo, text: body.toString('utf8'), bytes: body, crlf, final });
    };
    /** Whole lines: `region` starts at a line start and ends just after a \n. */
    const emitRegion = (region) => {
        if (!(0,external_node_buffer_namespaceObject.isUtf8)(region)) {
            for (let b = 0; b < region.length;) {
                const nl = region.indexOf(0x0a, b);
                emitLine(region.subarray(b, nl), false);
                b = nl + 1;
            }
            return;
        }
        const text = region.toString('utf8');
        const ascii = text.length === region.length; // then characters and bytes line up
        for (let c = 0, b = 0; c < text.length;) {
            const cn = text.indexOf('\n', c);
            const bn = ascii ? cn : region.indexOf(0x0a, b);
            lineNo++;
            if (bn - b > maxLine) {
                onLine({ kind: 'too_long', no: lineNo, bytes: bn - b });
            }
            else {
                const crlf = bn > b && region[bn - 1] === 0x0d;
                const ce = crlf ? cn - 1 : cn;
                const be = crlf ? bn - 1 : bn;
                const t = text.slice(c, ce);
                onLine({
                    kind: 'text',
                    no: lineNo,
                    text: t,
                    bytes: region.subarray(b, be),
                    crlf,
                    final: false,
                });
            }
            c = cn + 1;
            b = bn + 1;
        }
    };
    try {
        const hash = (0,external_node_crypto_namespaceObject.createHash)('sha256');
        const buf = Buffer.allocUnsafe(READ_BYTES);
        let size = 0;
        let lastByte = 0x0a;
        // The start of a line that continues into the next read (dropped once it is over maxLine).
        let carry = [];
        let carryBytes = 0;
        let overLong = false;
        const keep = (part) => {
            carryBytes += part.length;
            if (overLong || carryBytes > maxLine) {
                overLong = true;
                carry = [];
            }
            else
                carry.push(Buffer.from(part));
        };
        const flushCarry = (tail, final) => {
            if (overLong || carryBytes + tail.length > maxLine) {
                lineNo++;
                onLine({ kind: 'too_long', no: lineNo, bytes: carryBytes + tail.length });
            }
            else
                emitLine(Buffer.concat([...carry, tail]), final);
            carry = [];
            carryBytes = 0;
            overLong = false;
        };
        for (;;) {
            const n = external_node_fs_default().readSync(fd, buf, 0, buf.length, null);
            if (n <= 0)
                break;
            const chunk = buf.subarray(0, n);
            hash.update(chunk);
            size += n;
            lastByte = chunk[n - 1];
            const last = chunk.lastIndexOf(0x0a);
            if (last < 0) {
                keep(chunk);
                continue;
            }
            let start = 0;
            if (carryBytes > 0 || overLong) {
                const first = chunk.indexOf(0x0a);
                flushCarry(chunk.subarray(0, first), false);
                start = first + 1;
            }
            if (start <= last)
                emitRegion(chunk.subarray(start, last + 1));
            if (last + 1 < n)
                keep(chunk.subarray(last + 1));
        }
        if (carryBytes > 0 || overLong)
            flushCarry(Buffer.alloc(0), true);
        return {
            ok: true,
            summary: {
                sha256: hash.digest('hex'),
                size,
                lines: lineNo,
                endsWithNewline: size === 0 || lastByte === 0x0a,
            },
        };
    }
    catch (err) {
        return { ok: false, reason: 'unreadable', detail: errorText(err) };
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}

;// CONCATENATED MODULE: ./src/packs/trace/policy.ts
/** The producer's default minimum of evidence supports per derived claim (no recorded policy). */
const DEFAULT_MIN_SUPPORTS = 2;
/** The gate's floor (config `trace.min_supports` or `--min-supports`): a whole number ≥ 0, or none. */
function supportFloor(option) {
    return typeof option === 'number' && Number.isInteger(option) && option >= 0 ? option : undefined;
}
/**
 * The run's recorded policy (`metadata.reasoning_policy.min_supports_per_claim`) read as the
 * producer's verifier reads it (absent or unusable: 2; otherwise at least 1), raised to the gate's
 * floor when that is higher. Before the header is read (or when it is unusable) the producer's
 * default stands in for the run's policy.
 */
function supportPolicy(floor, metadata) {
    const policy = metadata?.reasoning_policy;
    const raw = policy && typeof policy === 'object' && !Array.isArray(policy)
        ? policy.min_supports_per_claim
        : undefined;
    let run = DEFAULT_MIN_SUPPORTS;
    let runSource = `the producer’s default of ${DEFAULT_MIN_SUPPORTS} (the run records no min_supports_per_claim)`;
    if (typeof raw === 'number' && Number.isFinite(raw)) {
        run = Math.max(1, Math.trunc(raw));
        runSource = `the run’s recorded policy (metadata.reasoning_policy.min_supports_per_claim = ${raw})`;
    }
    else if (typeof raw === 'string') {
        run = /^\s*[+-]?\d+\s*$/.test(raw) ? Math.max(1, parseInt(raw, 10)) : 1;
        runSource = `the run’s recorded policy (metadata.reasoning_policy.min_supports_per_claim = ${JSON.stringify(raw.slice(0, 40))})`;
    }
    if (floor !== undefined && floor > run)
        return {
            min: floor,
            source: `the gate’s floor (trace.min_supports / --min-supports = ${floor}), above ${runSource}`,
        };
    return { min: run, source: runSource };
}
/**
 * Whether the run's recorded policy lets a derived claim marked `structured.insufficient_evidence`
 * stand in a run that reports insufficient evidence (the contract's "policy-driven" exemption).
 * The producer records no such policy and never marks claims, so real runs never get it: without
 * it, the mark would only let a forged claim through.
 */
function allowsMarkedInsufficient(metadata) {
    const policy = metadata?.reasoning_policy;
    return (!!policy &&
        typeof policy === 'object' &&
        policy.allow_marked_insufficient_claims === true);
}

;// CONCATENATED MODULE: ./src/packs/trace/steps.ts



/** Steps: every started step finishes, none is unknown or repeated, the required outputs exist. */
class StepChecks {
    ctx;
    started = new Map();
    finished = new Map();
    outputs = new Set();
    insufficientLine;
    /** Where the finalize output was written: no claim may follow it. */
    finalizeLine;
    /** Steps started while some of their dependencies had not finished. */
    early = [];
    /** Claim and evidence ids the step outputs name, resolved once the whole trace is read. */
    outputRefs = [];
    constructor(ctx) {
        this.ctx = ctx;
    }
    started_(stepId, line) {
        const f = this.ctx.f;
        const first = this.started.get(stepId);
        if (first !== undefined) {
            f.add(TRACE.stepDuplicate, `Step ${q(stepId)} is started again on line ${line}; it was already started on line ${first}.`, this.ctx.at(line));
            return;
        }
        this.started.set(stepId, line);
        // A node runs once everything it depends on has finished (the producer's topological order);
        // a dependency that never finishes is reported as unfinished or missing instead.
        const waiting = (this.ctx.planDeps?.get(stepId) ?? []).filter((d) => !this.finished.has(d));
        if (waiting.length > 0)
            this.early.push({ stepId, line, waiting });
        if (this.ctx.planNodes && !this.ctx.planNodes.has(stepId)) {
            f.add(TRACE.stepUnknown, `Step ${q(stepId)} is started on line ${line} but plan.json has no node with that id.`, this.ctx.at(line), [{ path: this.ctx.rel('plan.json'), line: 1 }]);
        }
    }
    finished_(stepId, output, line) {
        const outputKind = output.kind;
        const f = this.ctx.f;
        if (!this.started.has(stepId)) {
            f.add(TRACE.stepUnknown, `Step ${q(stepId)} finishes on line ${line} without having been started.`, this.ctx.at(line));
        }
        const first = this.finished.get(stepId);
        if (first !== undefined) {
            f.add(TRACE.stepDuplicate, `Step ${q(stepId)} finishes again on line ${line}; it already finished on line ${first}.`, this.ctx.at(line));
            return;
        }
        this.finished.set(stepId, line);
        this.outputs.add(outputKind);
        for (const [field, kind] of OUTPUT_ID_FIELDS) {
            const ids = output[field];
            for (const id of ids ?? [])
                this.outputRefs.push({ kind, id, field, line });
        }
        if (outputKind === 'insufficient_evidence')
            this.insufficientLine ??= line;
        if (outputKind === 'finalize')
            this.finalizeLine ??= line;
    }
    /** A claim belongs to a step still running, and to a run not yet finalized. */
    claimEmitted(stepId, claimId, line) {
        const done = this.finished.get(stepId);
        const why = done !== undefined
            ? `in step ${q(stepId)}, which already finished on line ${done}`
            : this.finalizeLine !== undefined
                ? `after the run finalized its answer on line ${this.finalizeLine}`
                : undefined;
        if (why)
            this.ctx.f.add(TRACE.claimAfterStep, `Claim ${q(claimId)} is emitted on line ${line} ${why}: no step would have checked it.`, this.ctx.at(line));
    }
    /** An event that belongs to a step (tool call, evidence, claim) must name a started step. */
    ref(stepId, line, what) {
        if (stepId === '' || this.started.has(stepId))
            return;
        this.ctx.f.add(TRACE.stepUnknown, `The ${what} on line ${line} belongs to step ${q(stepId)}, which has not been started.`, this.ctx.at(line));
    }
    finish(lastLine) {
        const f = this.ctx.f;
        for (const { stepId, line, waiting } of this.early) {
            const late = waiting.filter((d) => this.finished.has(d));
            if (late.length === 0)
                continue;
            f.add(TRACE.stepBeforeDependency, `Step ${q(stepId)} is started on line ${line} before its dependency ${late
                .slice(0, 3)
                .map((d) => `${q(d, 80)} finished (line ${this.finished.get(d)})`)
                .join(', ')}${late.length > 3 ? ` and ${late.length - 3} more` : ''}: the plan’s order was not followed.`, this.ctx.at(line), [{ path: this.ctx.rel('plan.json'), line: 1 }]);
        }
        for (const [stepId, line] of this.started) {
            if (!this.finished.has(stepId)) {
                f.add(TRACE.stepUnfinished, `Step ${q(stepId)} starts on line ${line} and never finishes: the run stopped part-way.`, this.ctx.at(line));
            }
        }
        const seen = new Set(this.outputs);
        if (seen.has('insufficient_evidence'))
            seen.add('derive');
        const missing = REQUIRED_OUTPUTS.filter((k) => !seen.has(k));
        if (missing.length > 0) {
            const names = missing.map((k) => (k === 'derive' ? 'derive (or insufficient_evidence)' : k));
            f.add(TRACE.stepRequiredMissing, `The run has no finished ${names.join(', ')} step output (checked through line ${lastLine}).`, this.ctx.at());
        }
    }
}
/** The id lists of the step outputs, and what each names. */
const OUTPUT_ID_FIELDS = [
    ['evidence_ids', 'evidence'],
    ['claim_ids', 'claim'],
    ['validated_claim_ids', 'claim'],
    ['rejected_claim_ids', 'claim'],
    ['missing_support_claim_ids', 'claim'],
    ['final_claim_ids', 'claim'],
];

;// CONCATENATED MODULE: ./src/packs/trace/tools.ts


/** Tool linkage: each call has exactly one result in the same step, no result is orphaned, no tool is unknown. */
class ToolChecks {
    ctx;
    calls = new Map();
    /** Call ids that have a result (what a tool_call support may cite, as in the producer). */
    answered = new Set();
    constructor(ctx) {
        this.ctx = ctx;
    }
    get count() {
        return this.calls.size;
    }
    called(eventStep, call, line) {
        const f = this.ctx.f;
        if (call.step_id !== eventStep) {
            f.add(TRACE.toolStepMismatch, `Tool call ${q(call.id)} on line ${line} says it belongs to step ${q(call.step_id)} but is recorded in step ${q(eventStep)}.`, this.ctx.at(line));
        }
        const prev = this.calls.get(call.id);
        if (prev) {
            f.add(TRACE.toolCallDuplicate, `Tool call id ${q(call.id)} on line ${line} was already used on line ${prev.line}.`, this.ctx.at(line));
            return;
        }
        this.calls.set(call.id, { line, stepId: eventStep, tool: call.tool_name, results: 0 });
        const tools = this.ctx.tools;
        if (tools === undefined)
            return;
        if (tools === 'none') {
            f.add(TRACE.toolUnknown, `Tool call ${q(call.id)} on line ${line} uses tool ${q(call.tool_name)}, but run_meta.json has no runtime_descriptor listing the run’s tools.`, this.ctx.at(line), [{ path: this.ctx.rel('run_meta.json'), line: 1 }]);
        }
        else if (!tools.has(call.tool_name)) {
            f.add(TRACE.toolUnknown, `Tool call ${q(call.id)} on line ${line} uses tool ${q(call.tool_name)}, which the run’s runtime descriptor does not list (${[...tools].map((t) => q(t)).join(', ') || 'no tools'}).`, this.ctx.at(line), [{ path: this.ctx.rel('run_meta.json'), line: 1 }]);
        }
    }
    returned(eventStep, result, line) {
        const f = this.ctx.f;
        const call = this.calls.get(result.call_id);
        if (!call) {
            f.add(TRACE.toolResultOrphan, `The tool result on line ${line} answers call ${q(result.call_id)}, which no earlier tool_called event made.`, this.ctx.at(line));
            return;
        }
        call.results++;
        this.answered.add(result.call_id);
        if (call.results > 1) {
            f.add(TRACE.toolResultDuplicate, `Tool call ${q(result.call_id)} (line ${call.line}) gets another result on line ${line}; a call has exactly one result.`, this.ctx.at(line), [this.ctx.at(call.line)]);
            return;
        }
        if (eventStep !== call.stepId) {
            f.add(TRACE.toolStepMismatch, `The result on line ${line} is recorded in step ${q(eventStep)} but its call ${q(result.call_id)} (line ${call.line}) was made in step ${q(call.stepId)}.`, this.ctx.at(line), [this.ctx.at(call.line)]);
        }
    }
    finish() {
        for (const [id, call] of this.calls) {
            if (call.results === 0) {
                this.ctx.f.add(TRACE.toolResultMissing, `Tool call ${q(id)} (${q(call.tool)}, step ${q(call.stepId)}) on line ${call.line} never gets a result.`, this.ctx.at(call.line));
            }
        }
    }
}

;// CONCATENATED MODULE: ./src/packs/trace/events.ts














/**
 * Reads trace.jsonl once, line by line: the header on line 1, then every event: canonical JSON,
 * the record shape, `idx` equal to its position, and the step, tool, evidence and claim checks
 * that can be judged as the events go by. Nothing but small per-id state is kept in memory.
 */
function scanTrace(ctx, traceAbs) {
    const f = ctx.f;
    const steps = new StepChecks(ctx);
    const tools = new ToolChecks(ctx);
    const evidence = new EvidenceChecks(ctx);
    const claims = new ClaimChecks(ctx);
    const cited = new CitedBytes();
    const content = new ContentChecks(ctx);
    let header;
    let idHasher;
    let idValid = true;
    let events = 0;
    let lastLine = 0;
    let crlfFirst;
    let crlfCount = 0;
    // idx bookkeeping: each event's idx must be the previous one + 1, starting at 0.
    let prevIdx = -1;
    let maxIdx = -1;
    let unreadable = 0;
    const seenIdx = new Map();
    const onLine = (line) => {
        lastLine = line.no;
        if (line.kind === 'too_long') {
            f.add(TRACE.lineTooLong, `Line ${line.no} of trace.jsonl is ${line.bytes} bytes long, over the verifier’s limit; it was skipped.`, ctx.at(line.no));
            idValid = false;
            if (line.no > 1)
                consumePosition();
            return;
        }
        if (line.kind === 'invalid_utf8') {
            f.add(TRACE.lineMalformed, `Line ${line.no} of trace.jsonl is not valid UTF-8.`, ctx.at(line.no));
            idValid = false;
            if (line.no > 1)
                consumePosition();
            return;
        }
        const ascii = line.bytes.length === line.text.length;
        if (line.crlf) {
            crlfCount++;
            crlfFirst ??= line.no;
        }
        if (line.no === 1) {
            header = handleHeader(checkLine(line.text, true, ascii), line.text, line.no);
            if (!line.final)
                return;
        }
        else {
            if (line.text === '') {
                if (!line.final) {
                    f.add(TRACE.lineNotCanonical, `Line ${line.no} of trace.jsonl is blank; canonical traces have one record per line and no blank lines.`, ctx.at(line.no));
                    idValid = false;
                }
                return;
            }
            handleEvent(checkLine(line.text, false, ascii), line.bytes, line.no, line.text);
        }
        if (line.final) {
            f.add(TRACE.lineNotCanonical, `trace.jsonl does not end with a newline after line ${line.no} (the producer ends every line with \\n; was the file truncated?).`, ctx.at(line.no));
            idValid = false;
        }
    };
    const consumePosition = () => {
        // A line that could not be read may have held the next event (or be injected garbage): the
        // next readable event may then follow either the last readable one or the unreadable lines.
        unreadable++;
        events++;
    };
    const handleHeader = (result, text, no) => {
        const at = ctx.at(no);
        if (!result.ok) {
            const p = result.problem;
            if (p.kind === 'syntax') {
                f.add(TRACE.lineMalformed, `Line 1 of trace.jsonl (the header) ${p.message}.`, at);
                idValid = false;
                return undefined;
            }
            if (p.kind === 'duplicate')
                f.add(TRACE.duplicateKey, `Line 1 of trace.jsonl (the header) ${p.message}.`, at);
            else
                f.add(TRACE.lineNotCanonical, `Line 1 of trace.jsonl (the header) is not canonical JSON: it ${p.message}.`, at);
            idValid = false;
        }
        const h = checkHeader(ctx, result.value, no);
        // The run's recorded support policy applies, raised to the gate's floor when that is higher.
        if (h) {
            const p = supportPolicy(ctx.supportFloor, h.metadata);
            ctx.minSupports = p.min;
            ctx.minSupportsSource = p.source;
            ctx.allowMarkedInsufficient = allowsMarkedInsufficient(h.metadata);
        }
        if (h && result.ok && result.members)
            idHasher = new TraceIdHasher(rawMembers(text, result.members));
        return h;
    };
    const handleEvent = (result, bytes, no, text) => {
        let value;
        if (!result.ok) {
            const p = result.problem;
            if (p.kind === 'syntax') {
                f.add(TRACE.lineMalformed, `Line ${no} of trace.jsonl ${p.message}; the event on it cannot be checked.`, ctx.at(no));
                idValid = false;
                consumePosition();
                return;
            }
            if (p.kind === 'duplicate') {
                f.add(TRACE.duplicateKey, `Line ${no} of trace.jsonl ${p.message}; parsers disagree on which value wins (checked with the last one).`, ctx.at(no));
            }
            else {
                f.add(TRACE.lineNotCanonical, `Line ${no} of trace.jsonl is not canonical JSON: it ${p.message}.`, ctx.at(no));
            }
            idValid = false;
            value = result.value;
        }
        else {
            value = result.value;
        }
        events++;
        const rec = Fast.EventRecord.safeParse(value);
        if (!rec.success) {
            const v = value;
            const what = v && typeof v === 'object' && !Array.isArray(v) && 'record' in v
                ? `record ${q(String(v.record))}`
                : 'no trace_event record';
            f.add(TRACE.eventInvalid, `Line ${no} of trace.jsonl holds ${what}; every line after the header must be {"record":"trace_event","event":{…}}.`, ctx.at(no));
            idValid = false;
            unreadable++;
            return;
        }
        if (idHasher && idValid && result.ok)
            idHasher.event(bytes.subarray(EVENT_PREFIX.length, bytes.length - EVENT_SUFFIX.length));
        const raw = rec.data.event;
        // The producer tags step outputs with `kind` (serialized as `type` by some versions): accept either.
        if (raw && typeof raw === 'object' && raw.kind === 'step_finished') {
            const out = raw.output;
            if (out && typeof out === 'object' && !('kind' in out) && 'type' in out) {
                const { type, ...rest } = out;
                raw.output = { kind: type, ...rest };
            }
        }
        const idxRaw = raw && typeof raw === 'object' ? raw.idx : undefined;
        checkIdx(idxRaw, no);
        const parsed = Fast.TraceEvent.safeParse(raw);
        if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const kind = raw && typeof raw === 'object' ? raw.kind : undefined;
            f.add(TRACE.eventInvalid, `The ${typeof kind === 'string' ? q(kind) : 'untyped'} event on line ${no} is invalid at ${['event', ...issue.path].join('.')}: ${issue.message}.`, ctx.at(no));
            return;
        }
        dispatch(parsed.data, no, text, result.ok);
    };
    const checkIdx = (idx, no) => {
        const at = ctx.at(no);
        if (typeof idx !== 'number' || !Number.isInteger(idx) || idx < 0) {
            // event_invalid reports the missing or malformed idx; the position is still taken.
            unreadable++;
            return;
        }
        const expected = prevIdx + 1;
        const slack = unreadable;
        unreadable = 0;
        const dupLine = seenIdx.get(idx);
        if (dupLine !== undefined) {
            f.add(TRACE.idxDuplicate, `The event on line ${no} has idx ${idx}, which the event on line ${dupLine} already has: an event was duplicated or injected.`, at, [ctx.at(dupLine)]);
        }
        else if ((idx < expected || idx > expected + slack) && idx !== maxIdx + 1) {
            const why = idx > expected
                ? idx === expected + 1
                    ? `event ${expected} is missing, or events were reordered or injected`
                    : `events ${expected}–${idx - 1} are missing, or events were reordered or injected`
                : 'events were reordered';
            f.add(TRACE.idxOutOfOrder, `The event on line ${no} has idx ${idx} where ${expected} follows (position ${events - 1}): ${why}.`, at);
        }
        if (dupLine === undefined)
            seenIdx.set(idx, no);
        prevIdx = idx;
        if (idx > maxIdx)
            maxIdx = idx;
    };
    const dispatch = (ev, no, text, canonical) => {
        switch (ev.kind) {
            case 'step_started':
                steps.started_(ev.step_id, no);
                break;
            case 'step_finished':
                steps.finished_(ev.step_id, ev.output, no);
                break;
            case 'tool_called':
                steps.ref(ev.step_id, no, 'tool call');
                tools.called(ev.step_id, ev.call, no);
                break;
            case 'tool_returned':
                steps.ref(ev.step_id, no, 'tool result');
                tools.returned(ev.step_id, ev.result, no);
                cited.toolResult(ev.result.call_id, text, canonical);
                break;
            case 'evidence_registered':
                steps.ref(ev.step_id, no, 'evidence registration');
                evidence.registered(ev.evidence, no);
                content.evidence(ev.evidence, no);
                break;
            case 'claim_emitted':
                steps.ref(ev.step_id, no, 'claim');
                steps.claimEmitted(ev.step_id, ev.claim.id, no);
                claims.emitted(ev.claim, no);
                cited.claim(ev.claim.id, ev.claim.statement);
                content.claim(ev.claim, text, canonical, no);
                break;
        }
    };
    const outcome = streamLines(traceAbs, onLine, ctx.maxLineBytes);
    if (outcome.ok) {
        if (outcome.summary.size === 0) {
            f.add(TRACE.headerInvalid, 'trace.jsonl is empty: it has no trace_header and no events.', ctx.at());
        }
        if (crlfCount > 0) {
            f.add(TRACE.lineNotCanonical, `trace.jsonl has Windows (CRLF) line endings on ${crlfCount} line(s), first on line ${crlfFirst}; the producer writes \\n only, so its bytes (and fingerprint) changed. Check it out with LF endings (e.g. a .gitattributes entry "artifacts/** -text").`, ctx.at(crlfFirst));
        }
    }
    let recomputedId;
    if (outcome.ok && header && idHasher && idValid)
        recomputedId = idHasher.digest();
    return {
        outcome,
        header,
        events,
        lastLine,
        recomputedId,
        steps,
        tools,
        evidence,
        claims,
        cited,
        content,
    };
}

;// CONCATENATED MODULE: ./src/packs/trace/findings.ts

/** At most this many findings per code and run; the rest are counted in one closing finding. */
const MAX_PER_CODE = 50;
const force = (v) => (typeof v === 'function' ? v() : v);
class RunFindings {
    subject;
    out = [];
    counts = new Map();
    suppressed = new Map();
    constructor(subject) {
        this.subject = subject;
    }
    add(def, message, lazyLocation, lazyRelated, remediation) {
        const n = (this.counts.get(def.code) ?? 0) + 1;
        this.counts.set(def.code, n);
        if (n > MAX_PER_CODE) {
            let s = this.suppressed.get(def.code);
            if (!s) {
                s = { def, n: 0, first: lazyLocation && force(lazyLocation) };
                this.suppressed.set(def.code, s);
            }
            s.n++;
            return;
        }
        const location = lazyLocation && force(lazyLocation);
        const related = lazyRelated && force(lazyRelated);
        this.out.push(finding(def, {
            subject: this.subject,
            message,
            ...(location ? { location } : {}),
            ...(related && related.length ? { related } : {}),
            ...(remediation ? { remediation } : {}),
        }));
    }
    has(code) {
        return this.counts.has(code);
    }
    get size() {
        return this.out.length + this.suppressed.size;
    }
    finish() {
        const tail = [];
        for (const s of this.suppressed.values()) {
            tail.push(finding(s.def, {
                subject: this.subject,
                message: `${s.n} more place(s) in this run have the same problem (${s.def.title.toLowerCase()}); only the first ${MAX_PER_CODE} are listed.`,
                ...(s.first ? { location: s.first } : {}),
            }));
        }
        return [...this.out, ...tail];
    }
}

;// CONCATENATED MODULE: ./src/packs/trace/integrity.ts








/** Core files: each must exist as a regular file (manifest.json lists every other file). */
function checkCoreFiles(ctx, listing) {
    for (const name of CORE_FILES) {
        const e = listing.get(name);
        if (!e) {
            let isDir = false;
            try {
                isDir = external_node_fs_default().lstatSync(external_node_path_default().join(ctx.runDir, name)).isDirectory();
            }
            catch {
                // missing
            }
            if (isDir)
                ctx.f.add(TRACE.fileUnreadable, `${name} is a directory, not the file every run holds; it was not read.`, { path: ctx.rel(name) });
            else
                ctx.f.add(TRACE.runFileMissing, `The run directory has no ${name}; every run holds ${CORE_FILES.join(', ')}.`, { path: ctx.rel(name) });
        }
        else if (!readable(e)) {
            ctx.f.add(TRACE.fileUnreadable, `${name} ${e.detail ?? 'is not a regular file'}; it was not read.`, { path: ctx.rel(name) });
        }
    }
}
function loadRunMeta(ctx, listing) {
    if (!usable(listing, 'run_meta.json'))
        return undefined;
    const loaded = loadRunFile(ctx, 'run_meta.json', Fast.RunMeta, TRACE.runMetaInvalid, 'is invalid');
    if (!loaded)
        return undefined;
    const meta = loaded.data;
    if (!SUPPORTED_RUN_META_VERSIONS.includes(meta.schema_version)) {
        ctx.f.add(TRACE.unsupportedVersion, `run_meta.json declares schema_version ${meta.schema_version} (supported: ${SUPPORTED_RUN_META_VERSIONS.join(', ')}); no upgrader exists.`, { path: loaded.rel, line: loaded.doc.lineOf(['schema_version']) ?? 1 });
    }
    return meta;
}
function loadSpec(ctx, listing) {
    if (!usable(listing, 'spec.json'))
        return undefined;
    const loaded = loadRunFile(ctx, 'spec.json', Fast.ProblemSpec, TRACE.specInvalid, 'is not a problem spec');
    if (!loaded)
        return undefined;
    const id = loaded.data.id;
    // A content-derived spec id covers the spec (a caller-given id of another form is kept as is).
    if (id.startsWith('spec_v1_')) {
        const raw = documentMembers(loaded.text, loaded.members);
        const at = { path: loaded.rel, line: loaded.doc.lineOf(['id']) ?? 1 };
        if (!raw) {
            ctx.f.add(TRACE.specInvalid, 'spec.json cannot be put in canonical form (a number out of range, or nesting deeper than 512 levels), so its content id cannot be checked.', at);
        }
        else {
            const want = contentId('spec', {
                constraints: raw.constraints ?? '{}',
                description: raw.description,
                expected: raw.expected ?? 'null',
                expected_output_type: raw.expected_output_type,
                version: raw.version ?? 'null',
            });
            if (want !== id)
                ctx.f.add(TRACE.contentIdMismatch, `spec.json says its id is ${q(id)} but its content hashes to ${q(want)}: the spec (its description, constraints or expected output) was edited after the run.`, at);
        }
    }
    return { id };
}
/**
 * The report the producer's own `verify` command writes beside the trace after the run: it is
 * not in the manifest (written later), and is checked like verify.json when present.
 */
const PRODUCER_VERIFY_REPORT = 'verify.verify.json';
/**
 * verify.json (and verify.verify.json when present): the producer's own VerificationReport for
 * this trace; a report with errors rejects the run.
 */
function checkVerifyReport(ctx, listing, traceId, name = 'verify.json') {
    if (!usable(listing, name))
        return;
    const loaded = loadRunFile(ctx, name, Fast.VerificationReport, TRACE.verifyReportInvalid, 'is not a VerificationReport');
    if (!loaded)
        return;
    const rel = loaded.rel;
    const r = loaded.data;
    const invalid = (message, at) => ctx.f.add(TRACE.verifyReportInvalid, message, () => ({
        path: rel,
        line: loaded.doc.lineOf(at) ?? 1,
    }));
    // The producer leaves trace_id out (its verifier never sets it); one that is given must match.
    if (traceId !== undefined && r.trace_id != null && r.trace_id !== traceId) {
        invalid(`${name} reports on trace ${q(r.trace_id)}, not on this run’s trace ${q(traceId)}.`, [
            'trace_id',
        ]);
    }
    // The producer always runs its checks: a report with none vouches for nothing.
    if (r.checks.length === 0)
        invalid(`${name} records no checks: nothing was verified.`, ['checks']);
    const names = new Map();
    r.checks.forEach((c, i) => {
        const first = names.get(c.name);
        if (first === undefined)
            names.set(c.name, i);
        else
            invalid(`${name} records the check ${q(c.name)} twice (checks[${first}] and checks[${i}]).`, [
                'checks',
                i,
            ]);
    });
    const errors = r.failures.filter((x) => x.severity === 'error');
    const failed = r.checks.filter((c) => !c.passed);
    if (errors.length > 0 || failed.length > 0) {
        const first = errors[0];
        ctx.f.add(TRACE.producerRejected, `${name} records that the producer’s own verification failed (${failed.length} failed check(s)${failed.length
            ? `: ${failed
                .slice(0, 4)
                .map((c) => c.name)
                .join(', ')}`
            : ''}; ${errors.length} error(s)${first ? `, first: ${q(first.message)}${first.invariant_id ? ` [${first.invariant_id}]` : ''}` : ''}).`, { path: rel, line: loaded.doc.lineOf(first ? ['failures', 0] : ['checks']) ?? 1 });
    }
}
/** fingerprint.txt: sha256 hex of trace.jsonl's bytes, then one newline. */
function checkFingerprint(ctx, listing, traceSha) {
    if (!usable(listing, 'fingerprint.txt'))
        return;
    const rel = ctx.rel('fingerprint.txt');
    const read = readRunFile(ctx, 'fingerprint.txt', 4096);
    if (!read.ok)
        return ctx.f.add(TRACE.fileUnreadable, `fingerprint.txt ${read.detail}.`, { path: rel });
    const text = read.bytes.toString('latin1');
    if (!/^[0-9a-f]{64}\n$/.test(text)) {
        return ctx.f.add(TRACE.fingerprintMismatch, `fingerprint.txt holds ${q(text, 80)}, not 64 lowercase hex characters and a newline; trace.jsonl hashes to ${traceSha}.`, { path: rel, line: 1 });
    }
    const recorded = text.slice(0, 64);
    if (recorded !== traceSha) {
        ctx.f.add(TRACE.fingerprintMismatch, `fingerprint.txt records ${recorded.slice(0, 12)}… but trace.jsonl’s bytes hash to ${traceSha.slice(0, 12)}…: the trace was rewritten after the run (or the fingerprint was).`, { path: rel, line: 1 }, [ctx.at()]);
    }
}
function inLayout(rel) {
    if (CORE_FILES.includes(rel) || rel === PRODUCER_VERIFY_REPORT)
        return true;
    if (rel.startsWith('provenance/'))
        return true;
    return rel.startsWith('evidence/') && rel.split('/').length === 2;
}
/**
 * manifest.json: every entry rehashed (missing, changed), every file of the run listed (unlisted),
 * and nothing outside the run layout. trace.jsonl's hash comes from the stream that read it.
 */
async function checkManifest(ctx, listing, hasher, trace, escapedEvidence) {
    const f = ctx.f;
    // Layout first: a file outside the layout is reported as such, not as unlisted.
    for (const e of listing.values()) {
        if (e.kind === 'symlink' && !e.insideFile && escapedEvidence.has(e.rel))
            continue; // reported as evidence_path_escape
        if (!inLayout(e.rel)) {
            f.add(TRACE.layoutUnexpected, `${e.rel} lies outside the run layout (the core files, evidence/<id>.txt, provenance/…)${e.detail ? ` and ${e.detail}` : ''}.`, { path: ctx.rel(e.rel) });
        }
        else if (e.kind === 'other' ||
            (e.kind === 'symlink' && !e.insideFile && !CORE_FILES.includes(e.rel))) {
            f.add(TRACE.layoutUnexpected, `${e.rel} ${e.detail ?? 'is not a regular file'}.`, {
                path: ctx.rel(e.rel),
            });
        }
    }
    if (!usable(listing, 'manifest.json'))
        return;
    const loaded = loadRunFile(ctx, 'manifest.json', Fast.Manifest, TRACE.manifestInvalid, 'is not a map of path → sha256 hex');
    if (!loaded)
        return;
    const rel = loaded.rel;
    const entries = Object.entries(loaded.data);
    const listed = new Set();
    const toHash = [];
    const plan = [];
    // Located lazily, and only for findings that are kept: finding a key's line means parsing the
    // manifest again, with positions, and a search among its keys.
    const at = (key) => () => ({ path: rel, line: loaded.doc.lineOf([key]) ?? 1 });
    for (const [key, want] of entries) {
        if (!isPlainRelative(key) || key === 'manifest.json') {
            f.add(TRACE.manifestInvalid, `manifest.json lists ${q(key)}, which ${key === 'manifest.json' ? 'is the manifest itself' : 'is not a plain relative path inside the run directory'}.`, at(key));
            continue;
        }
        listed.add(key);
        const entry = listing.get(key);
        plan.push({ key, want, entry });
        if (entry && key !== 'trace.jsonl' && readable(entry))
            toHash.push(entry.real);
    }
    await hasher.prefetch(toHash);
    for (const { key, want, entry } of plan) {
        if (!entry) {
            f.add(TRACE.manifestFileMissing, `manifest.json lists ${key}, which the run directory no longer has.`, at(key), [{ path: ctx.rel(key) }]);
            continue;
        }
        let got;
        let size;
        if (key === 'trace.jsonl') {
            got = trace?.sha256;
        }
        else if (readable(entry)) {
            const o = await hasher.hash(entry.real);
            if (o.ok) {
                got = o.sha256;
                size = o.size;
            }
            else if (o.reason === 'missing') {
                f.add(TRACE.manifestFileMissing, `manifest.json lists ${key}, which the run directory no longer has.`, at(key), [{ path: ctx.rel(key) }]);
                continue;
            }
        }
        if (got === undefined)
            continue; // unreadable: reported by the layout or core-file checks
        if (got !== want) {
            f.add(TRACE.manifestHashMismatch, `${key} hashes to ${got.slice(0, 12)}…${size !== undefined ? ` (${size} bytes)` : ''} but manifest.json records ${want.slice(0, 12)}…: it changed after the run.`, { path: ctx.rel(key) }, () => [at(key)()]);
        }
    }
    for (const e of listing.values()) {
        if (e.rel === 'manifest.json' || e.rel === PRODUCER_VERIFY_REPORT)
            continue;
        if (listed.has(e.rel) || !inLayout(e.rel))
            continue;
        if (e.kind === 'other')
            continue;
        f.add(TRACE.manifestUnlisted, `${e.rel} is in the run directory but manifest.json does not list it: it was added after the run.`, { path: ctx.rel(e.rel) }, [{ path: rel, line: 1 }]);
    }
}

;// CONCATENATED MODULE: ./src/packs/trace/plan.ts





/**
 * plan.json: the schema, no duplicate node ids, no missing dependencies (nor edges to unknown
 * nodes), no cycles (among the dependencies, or among the edges), and, for a content-derived id (`plan_v1_…`), an id that matches the content.
 */
function checkPlan(ctx) {
    const f = ctx.f;
    const loaded = loadRunFile(ctx, 'plan.json', Fast.Plan, TRACE.planInvalid, 'is not a valid plan');
    if (!loaded)
        return undefined;
    const rel = loaded.rel;
    const plan = loaded.data;
    // Lazy: a plan with many broken nodes must not search the document once per node.
    const lineOf = (p) => () => ({
        path: rel,
        line: loaded.doc.lineOf(p) ?? 1,
    });
    const nodeIds = new Set();
    plan.nodes.forEach((n, i) => {
        if (nodeIds.has(n.id))
            f.add(TRACE.planDuplicateNode, `Plan node id ${q(n.id)} appears more than once (again at nodes[${i}]).`, lineOf(['nodes', i, 'id']));
        nodeIds.add(n.id);
    });
    plan.nodes.forEach((n, i) => {
        n.dependencies.forEach((d, j) => {
            if (!nodeIds.has(d))
                f.add(TRACE.planMissingDependency, `Plan node ${q(n.id)} depends on ${q(d)}, which is not a node of the plan.`, lineOf(['nodes', i, 'dependencies', j]));
        });
    });
    plan.edges.forEach(([a, b], i) => {
        for (const end of [a, b]) {
            if (!nodeIds.has(end))
                f.add(TRACE.planMissingDependency, `Plan edge ${i} (${q(a)} → ${q(b)}) names ${q(end)}, which is not a node of the plan.`, lineOf(['edges', i]));
        }
    });
    // The producer gives edges no direction of its own (it writes none): they are checked for a
    // cycle among themselves, which does not depend on which way they point.
    const graphs = [
        ['dependencies', plan.nodes.flatMap((n) => n.dependencies.map((d) => [d, n.id]))],
        ['edges', plan.edges],
    ];
    let acyclic = true;
    for (const [what, pairs] of graphs) {
        const stuck = cycleNodes(nodeIds, pairs);
        if (stuck.length === 0)
            continue;
        if (what === 'dependencies')
            acyclic = false;
        const i = plan.nodes.findIndex((n) => n.id === stuck[0]);
        f.add(TRACE.planCycle, `The plan’s ${what} form a cycle through ${stuck
            .slice(0, 5)
            .map((s) => q(s, 60))
            .join(', ')}${stuck.length > 5 ? ` and ${stuck.length - 5} more` : ''}.`, what === 'edges' ? lineOf(['edges']) : lineOf(['nodes', Math.max(0, i), 'dependencies']));
    }
    if (plan.id.startsWith('plan_v1_')) {
        // The id covers the content, not its formatting: a plan.json written differently (or edited
        // and re-indented) is put in canonical form first.
        const raw = documentMembers(loaded.text, loaded.members);
        if (!raw) {
            f.add(TRACE.planInvalid, 'plan.json cannot be put in canonical form (a number out of range, or nesting deeper than 512 levels), so its content id cannot be checked.', lineOf([]));
        }
        else {
            const want = contentId('plan', {
                edges: raw.edges,
                nodes: raw.nodes,
                problem: raw.problem,
                spec_id: raw.spec_id,
            });
            if (want !== plan.id) {
                f.add(TRACE.contentIdMismatch, `plan.json says its id is ${q(plan.id)} but its content hashes to ${q(want)}: the plan was edited after the run.`, lineOf(['id']));
            }
        }
    }
    const order = acyclic
        ? new Map(plan.nodes.map((n) => [n.id, n.dependencies]))
        : undefined;
    return { plan, nodeIds, ...(order ? { order } : {}) };
}
/**
 * Kahn's algorithm over `[before, after]` pairs between known nodes: the nodes it cannot order,
 * which sit on (or behind) a cycle. Linear in nodes and pairs.
 */
function cycleNodes(nodes, pairs) {
    const indeg = new Map();
    const next = new Map();
    for (const id of nodes)
        indeg.set(id, 0);
    for (const [before, after] of pairs) {
        if (!nodes.has(before) || !nodes.has(after))
            continue; // reported as missing
        let out = next.get(before);
        if (!out)
            next.set(before, (out = new Set()));
        if (out.has(after))
            continue;
        out.add(after);
        indeg.set(after, indeg.get(after) + 1);
    }
    const queue = [...indeg].filter(([, d]) => d === 0).map(([id]) => id);
    for (let head = 0; head < queue.length; head++) {
        for (const v of next.get(queue[head]) ?? []) {
            const d = indeg.get(v) - 1;
            indeg.set(v, d);
            if (d === 0)
                queue.push(v);
        }
    }
    return [...indeg].filter(([, d]) => d > 0).map(([id]) => id);
}

;// CONCATENATED MODULE: ./src/packs/trace/run.ts














/** Verifies one run directory `artifacts/runs/<run_id>/`: one subject, fail closed. */
async function verifyRun(runDir, ctx) {
    const ws = ctx.workspace;
    const rel = ws.rel(runDir);
    const targetId = `trace:${rel}`;
    const runId = external_node_path_default().basename(runDir);
    const f = new RunFindings(targetId);
    const traceRel = ws.rel(external_node_path_default().join(runDir, 'trace.jsonl'));
    const floor = supportFloor(ctx.options.min_supports);
    const initialPolicy = supportPolicy(floor);
    let scan;
    const inside = ws.resolve(runDir, '.');
    if (!inside.ok) {
        f.add(TRACE.fileUnreadable, `The run directory ${inside.detail}; nothing in it was read.`, {
            path: rel,
        });
        return result(initialPolicy.min);
    }
    const realRunDir = inside.real;
    try {
        if (!external_node_fs_default().statSync(realRunDir).isDirectory())
            throw new Error('is not a directory');
    }
    catch (err) {
        f.add(TRACE.fileUnreadable, `The run directory ${errorText(err)}.`, { path: rel });
        return result(initialPolicy.min);
    }
    const listing = new Map(listRun(runDir, realRunDir).map((e) => [e.rel, e]));
    const rctx = {
        f,
        runDir,
        realRunDir,
        listing,
        hasher: ctx.hasher,
        // Plain paths (all the run's own files) skip path.join and path.relative.
        rel: (p) => isPlainRelative(p)
            ? rel === '.'
                ? p
                : `${rel}/${p}`
            : ws.rel(external_node_path_default().join(runDir, ...p.split('/'))),
        at: (line) => (line ? { path: traceRel, line } : { path: traceRel }),
        supportFloor: floor,
        minSupports: initialPolicy.min,
        minSupportsSource: initialPolicy.source,
        maxLineBytes: typeof ctx.options.max_line_bytes === 'number' && ctx.options.max_line_bytes > 0
            ? ctx.options.max_line_bytes
            : MAX_LINE_BYTES,
    };
    checkCoreFiles(rctx, listing);
    const runMeta = loadRunMeta(rctx, listing);
    if (runMeta)
        rctx.tools = runMeta.runtime_descriptor
            ? new Set(runMeta.runtime_descriptor.tools.map((t) => t.name))
            : 'none';
    const plan = usable(listing, 'plan.json') ? checkPlan(rctx) : undefined;
    if (plan) {
        rctx.planNodes = plan.nodeIds;
        if (plan.order)
            rctx.planDeps = plan.order;
    }
    const spec = loadSpec(rctx, listing);
    const traceEntry = usable(listing, 'trace.jsonl');
    if (traceEntry) {
        scan = scanTrace(rctx, traceEntry.abs);
        if (!scan.outcome.ok) {
            f.add(TRACE.fileUnreadable, `trace.jsonl ${scan.outcome.detail}.`, rctx.at());
            scan = undefined;
        }
    }
    const header = scan?.header;
    if (scan) {
        scan.steps.finish(scan.lastLine);
        scan.tools.finish();
        scan.claims.finish(scan.steps.insufficientLine !== undefined);
        scan.content.finish(header);
        // Insufficient evidence: exactly one of "derived claims" and "the marker".
        const derived = scan.claims.derived;
        const marker = scan.steps.insufficientLine;
        if (derived === 0 && marker === undefined) {
            f.add(TRACE.noOutcome, 'The run emits no derived claim and no insufficient_evidence step output: it neither answers nor says why it cannot.', rctx.at());
        }
        else if (derived > 0 && marker !== undefined) {
            f.add(TRACE.insufficientAmbiguous, `The run reports insufficient evidence on line ${marker} but also emits ${derived} derived claim(s) not marked insufficient (first on line ${scan.claims.derivedLine}).`, rctx.at(marker), [rctx.at(scan.claims.derivedLine)]);
        }
        // Claim and tool-call supports: the record resolves and the span's bytes are the cited ones
        // (evidence supports are checked with the evidence bytes below).
        checkRecordSupports(rctx, scan.claims.supports, { claim: (id) => scan.claims.has(id), toolCall: (id) => scan.tools.answered.has(id) }, scan.cited);
        // The ids the step outputs list (the answer's final_claim_ids among them) name real records.
        for (const r of scan.steps.outputRefs) {
            const known = r.kind === 'claim' ? scan.claims.has(r.id) : scan.evidence.records.has(r.id);
            if (!known)
                f.add(TRACE.supportUnresolved, `The step output on line ${r.line} lists ${r.kind} ${q(r.id)} in ${r.field}, but the trace never ${r.kind === 'claim' ? 'emits that claim' : 'registers that evidence'}.`, rctx.at(r.line));
        }
        if (header && scan.recomputedId !== undefined && scan.recomputedId !== header.id) {
            f.add(TRACE.contentIdMismatch, `The trace header says the trace id is ${q(header.id)} but the trace’s content hashes to ${q(scan.recomputedId)}: events or header were edited after the run.`, rctx.at(1));
        }
        // Evidence files, chunks, then every evidence support's bytes.
        const ev = scan.evidence;
        ev.setCiters(scan.claims.supports);
        ev.resolveAll();
        const chunks = loadChunks(rctx, ev.records.size);
        await ev.checkFiles(ctx.hasher, chunks);
        scan.claims.resolveLegacy((id, b0, b1) => ev.readSpan(id, b0, b1));
        ev.checkSupports(scan.claims.supports);
    }
    // The run's parts must name each other.
    const planRel = { path: rctx.rel('plan.json'), line: 1 };
    if (header && plan && header.plan_id !== plan.plan.id) {
        f.add(TRACE.planMismatch, `The trace header names plan ${q(String(header.plan_id))} but plan.json is plan ${q(plan.plan.id)}.`, rctx.at(1), [planRel]);
    }
    if (header && spec && header.spec_id !== spec.id) {
        f.add(TRACE.planMismatch, `The trace header names spec ${q(String(header.spec_id))} but spec.json is spec ${q(spec.id)}.`, rctx.at(1), [{ path: rctx.rel('spec.json'), line: 1 }]);
    }
    if (plan && spec && plan.plan.spec_id !== spec.id) {
        f.add(TRACE.planMismatch, `plan.json was made for spec ${q(plan.plan.spec_id)} but spec.json is spec ${q(spec.id)}.`, planRel, [{ path: rctx.rel('spec.json'), line: 1 }]);
    }
    if (runMeta) {
        const metaLoc = { path: rctx.rel('run_meta.json'), line: 1 };
        const mism = [];
        if (runMeta.run_id !== runId)
            mism.push(`run_id ${q(runMeta.run_id)} but the run directory is ${q(runId)}`);
        if (header && runMeta.trace_id !== header.id)
            mism.push(`trace_id ${q(runMeta.trace_id)} but the trace is ${q(header.id)}`);
        if (plan && runMeta.plan_id !== plan.plan.id)
            mism.push(`plan_id ${q(runMeta.plan_id)} but plan.json is ${q(plan.plan.id)}`);
        if (spec && runMeta.spec_id !== spec.id)
            mism.push(`spec_id ${q(runMeta.spec_id)} but spec.json is ${q(spec.id)}`);
        for (const m of mism)
            f.add(TRACE.runMetaMismatch, `run_meta.json records ${m}.`, metaLoc);
    }
    checkVerifyReport(rctx, listing, header?.id);
    checkVerifyReport(rctx, listing, header?.id, PRODUCER_VERIFY_REPORT);
    if (scan?.outcome.ok)
        checkFingerprint(rctx, listing, scan.outcome.summary.sha256);
    const escaped = new Set();
    if (scan)
        for (const r of scan.evidence.records.values())
            escaped.add(r.ev.content_path);
    await checkManifest(rctx, listing, ctx.hasher, scan?.outcome.ok ? scan.outcome.summary : undefined, escaped);
    return result(rctx.minSupports);
    /** `min`: the minimum supports applied (the run's own policy may have raised it). */
    function result(min) {
        const findings = f.finish();
        const accepted = findings.length === 0;
        const target = {
            id: targetId,
            pack: 'trace',
            kind: 'run',
            path: rel,
            enforcement: 'blocking',
            terminal_state: accepted ? 'accepted' : 'rejected',
            context: { run_id: runId, min_supports: String(min) },
        };
        const s = scan;
        const summary = s
            ? {
                events: s.events,
                claims: s.claims.total,
                derived_claims: s.claims.derived,
                evidence: s.evidence.records.size,
                tool_calls: s.tools.count,
                supports: s.claims.supports.length,
                trace_bytes: s.outcome.ok ? s.outcome.summary.size : 0,
                min_supports: min,
                failures: findings.length,
            }
            : { failures: findings.length };
        const subject = {
            id: targetId,
            target: targetId,
            pack: 'trace',
            kind: 'run',
            name: runId,
            path: rel,
            status: accepted ? 'VERIFIED' : 'REJECTED',
            ...(s
                ? {
                    reason: `${s.claims.derived} derived claim(s), ${s.evidence.records.size} evidence file(s), ${s.tools.count} tool call(s), ${s.events} event(s)`,
                }
                : {}),
            outcome: 'pass',
        };
        const extension = {
            kind: 'trace-run',
            run_id: runId,
            trace_id: s?.header?.id ?? null,
            checks: CHECK_NAMES,
            summary_metrics: summary,
        };
        return { target, subjects: [subject], findings, extension };
    }
}

;// CONCATENATED MODULE: ./src/packs/trace/index.ts




/** Evidence-grounded run traces (seeds 002, 003): one subject per `artifacts/runs/<run_id>/`. */
const tracePack = {
    id: 'trace',
    title: 'Evidence-grounded run traces',
    codes: TRACE_CODES,
    parallel: true,
    discover: discoverRuns,
    verify: verifyRun,
};

;// CONCATENATED MODULE: ./src/render/verification-report.ts


const CHECK_OF = new Map(TRACE_CODES.map((c) => [c.code, c.check]));
/** Python-style canonical JSON of plain data (sorted keys, compact), for the report's content id. */
function verification_report_canonical(v) {
    if (v === null || typeof v !== 'object')
        return JSON.stringify(v);
    if (Array.isArray(v))
        return `[${v.map(verification_report_canonical).join(',')}]`;
    const o = v;
    return `{${Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${verification_report_canonical(o[k])}`)
        .join(',')}}`;
}
function severity(f) {
    return f.severity === 'notice' ? 'info' : f.severity;
}
/**
 * The producer's VerificationReport (bijux-canon-reason `verify.json` shape) for one run target of
 * a gate report: one check per contract area, every finding as a machine-actionable failure
 * (`<code> at <path>:<line>: <message>`, with the producer's invariant id where one exists).
 */
function renderVerificationReport(report, targetId) {
    const ext = report.extensions?.[targetId];
    if (!ext || ext.kind !== 'trace-run')
        throw new Error(`no run-trace result for ${targetId}`);
    const subjects = new Set(report.subjects.filter((s) => s.target === targetId).map((s) => s.id));
    subjects.add(targetId);
    const findings = report.findings.filter((f) => subjects.has(f.subject));
    const byCheck = new Map();
    for (const f of findings) {
        const check = CHECK_OF.get(f.code) ?? 'run_integrity';
        byCheck.set(check, [...(byCheck.get(check) ?? []), f]);
    }
    const checks = CHECK_NAMES.map((name) => {
        const own = byCheck.get(name) ?? [];
        const codes = [...new Set(own.map((f) => f.code))];
        return {
            name,
            passed: own.length === 0,
            details: own.length === 0 ? null : `${own.length} failure(s): ${codes.join(', ')}`,
            metrics: { failures: own.length },
        };
    });
    const failures = findings.map((f) => {
        const where = f.location
            ? ` at ${f.location.path}${f.location.line ? `:${f.location.line}` : ''}`
            : '';
        return {
            severity: severity(f),
            message: `${f.code}${where}: ${f.message}`,
            invariant_id: f.invariant_id ?? null,
        };
    });
    const summary_metrics = {
        ...ext.summary_metrics,
        checks_failed: checks.filter((c) => !c.passed).length,
    };
    const body = { checks, failures, summary_metrics, trace_id: ext.trace_id };
    const id = `verify_v1_${(0,external_node_crypto_namespaceObject.createHash)('sha256').update(verification_report_canonical(body)).digest('hex')}`;
    return { id, ...body };
}
/** Every run target of the report, in report order. */
function renderVerificationReports(report) {
    return report.targets
        .filter((t) => t.pack === 'trace' &&
        report.extensions?.[t.id]?.kind === 'trace-run')
        .map((t) => renderVerificationReport(report, t.id));
}

;// CONCATENATED MODULE: ./src/config.ts








const DEFAULT_CONFIG_FILE = '.audit-gate.json';
/** The optional config file (`.audit-gate.json` at the root, or --config). Discovery needs none. */
const Config = object({
    $schema: schemas_string().optional(),
    paths: array(schemas_string().min(1))
        .optional()
        .describe('Directories to verify, relative to the root; replaces discovery'),
    exclude: array(schemas_string())
        .optional()
        .describe('gitignore-style patterns that discovery skips'),
    assurance: schemas_enum(ASSURANCES)
        .optional()
        .describe('Default assurance for papers without .aris/assurance.txt'),
    effort: schemas_enum(EFFORTS).optional().describe('Default effort (max/beast imply submission)'),
    fail_on: schemas_enum(['blocking', 'problem'])
        .optional()
        .describe('blocking (default): only blocking findings fail; problem: any warning fails too'),
    allow_empty: schemas_boolean().optional().describe('Succeed when nothing was found to verify'),
    fixtures: schemas_string()
        .optional()
        .describe('Conformance fixture directory to run as part of verify'),
    packs: array(schemas_string())
        .optional()
        .describe('Packs whose targets discovery looks for (default: all)'),
    trace: object({ min_supports: schemas_number().int().min(0).optional() })
        .strict()
        .optional()
        .describe('Options of the trace pack'),
})
    .strict();
const MAX_CONFIG_BYTES = 1024 * 1024;
const noLines = () => undefined;
/**
 * Loads the config: inline JSON, else the named file, else `<root>/.audit-gate.json` if present.
 * Trust follows where the bytes live, not how they were named: a file whose path or real path
 * lies inside the workspace is checkout content (untrusted), whoever named it; a file outside it
 * named by the workflow, and inline JSON, are trusted. Checkout content must really stay in the
 * checkout: a symlink leading outside the workspace, or into .git/, is refused unread.
 */
function loadConfig(ws, source) {
    if (source.json !== undefined)
        return parseConfig(source.json, { trusted: true });
    const file = external_node_path_default().resolve(source.file ?? external_node_path_default().join(ws.root, DEFAULT_CONFIG_FILE));
    const place = locate(ws, source.root, file);
    if (place.refused)
        return { ok: false, path: file, message: place.refused, refused: true };
    const read = readSmallFile(place.real, MAX_CONFIG_BYTES);
    if (!read.ok) {
        if (read.kind === 'missing' && source.file === undefined)
            return { ok: true, config: {}, trusted: false, lineOf: noLines };
        return { ok: false, path: file, message: read.detail };
    }
    const text = decodeUtf8(read.bytes);
    if (!text.ok)
        return { ok: false, path: file, message: text.detail };
    return parseConfig(text.text, { trusted: place.trusted, path: file });
}
/** Where a config file really is, and whether the checkout decides its content. */
function locate(ws, givenRoot, file) {
    const named = lexicallyInside(file, ws.root) || lexicallyInside(file, givenRoot);
    let real;
    try {
        real = external_node_fs_default().realpathSync(file);
    }
    catch {
        // Missing (or a dangling link): the read reports it, and nothing is read.
        return { trusted: !named, real: file };
    }
    const inside = ws.contains(real);
    if (!named && !inside)
        return { trusted: true, real };
    // The checkout's own file: it may not lead out of the checkout (its target's content, such as
    // a runner file or .git/config with the checkout's token, must never reach a message).
    if (!inside)
        return { trusted: false, real, refused: 'is a symlink that leads outside the workspace' };
    if (external_node_path_default().relative(ws.root, real)
        .split((external_node_path_default()).sep)
        .some((s) => s.toLowerCase() === '.git'))
        return { trusted: false, real, refused: 'leads into .git/, which is not checkout content' };
    return { trusted: false, real };
}
/** A value taken from the config, as it may appear in a message: short and escaped. */
function quoted(s) {
    return plain(JSON.stringify(cap(s, 40)));
}
function parseConfig(text, origin) {
    const at = origin.path !== undefined ? { path: origin.path } : {};
    const parsed = parseJson(text);
    if (!parsed.ok)
        return { ...at, ok: false, message: parsed.message, line: parsed.position.line };
    const doc = parsed.doc;
    // Readers disagree on which of a repeated key's values counts; a config must not be ambiguous.
    const dup = doc.duplicates[0];
    if (dup)
        return {
            ...at,
            ok: false,
            message: `repeats the key ${quoted(dup.key)} (line ${dup.line}); keep one`,
            line: dup.line,
        };
    const result = Config.safeParse(parsed.value);
    if (!result.success) {
        const issue = result.error.issues[0];
        const keyPath = issue.path;
        const where = keyPath.length ? `"${keyPath.join('.')}"` : 'the top level';
        // zod lists every unknown key; a message names only the first, short and escaped.
        if (issue.code === 'unrecognized_keys') {
            const [first = '', ...more] = issue.keys;
            return {
                ...at,
                ok: false,
                message: `${where}: unknown key ${quoted(first)}${more.length ? ` (and ${more.length} more)` : ''}`,
                line: doc.lineOf([...keyPath, first]) ?? doc.lineOf(keyPath) ?? 1,
            };
        }
        return {
            ...at,
            ok: false,
            message: `${where}: ${issue.message}`,
            line: doc.lineOf(keyPath) ?? 1,
        };
    }
    return {
        ...at,
        ok: true,
        config: result.data,
        trusted: origin.trusted,
        lineOf: (key) => doc.lineOf(key),
    };
}

;// CONCATENATED MODULE: ./src/config-pinning.ts


/**
 * The part of the checkout's config that cannot weaken a gate whose enforcement the workflow
 * pinned (the assurance input, --assurance), and the keys dropped, with why. A key that can only
 * keep or tighten the gate still applies: `fail_on` (its weakest value is the default),
 * `allow_empty: false`, `trace.min_supports` (a floor: it only ever raises a run's own policy), `packs` naming every pack,
 * `fixtures` when no other fixture directory would run, an assurance or effort no weaker than the
 * pinned assurance (which wins over them anyway). A key the workflow set itself overrides the
 * config's and is left alone.
 */
function withoutLoosening(config, pinned) {
    const out = { ...config };
    const ignored = [];
    const drop = (key, why) => {
        delete out[key];
        ignored.push({ key: [key], why });
    };
    const weaker = (a) => a === 'draft' && pinned.assurance === 'submission';
    if (config.paths && !pinned.paths)
        drop('paths', 'it would replace discovery, leaving papers and runs elsewhere unverified');
    if (config.exclude?.length)
        drop('exclude', 'it would hide directories from discovery');
    const left = pinned.allPacks.filter((p) => !(config.packs ?? pinned.allPacks).includes(p));
    if (left.length && !pinned.packs)
        drop('packs', `it would leave out the ${left.join(', ')} pack${left.length > 1 ? 's' : ''}`);
    if (config.allow_empty && pinned.allowEmpty === undefined)
        drop('allow_empty', 'it would let a run that verifies nothing pass');
    if (config.assurance && weaker(config.assurance))
        drop('assurance', `assurance is pinned to ${pinned.assurance}`);
    if (config.effort && pinned.effort === undefined && weaker(assuranceForEffort(config.effort)))
        drop('effort', `it implies ${assuranceForEffort(config.effort)}, but assurance is pinned to ${pinned.assurance}`);
    const fixtures = config.fixtures;
    const replaced = pinned.fixtures === undefined ? pinned.defaultFixtures : undefined;
    if (fixtures !== undefined && replaced !== undefined)
        if (external_node_path_default().resolve('/', fixtures) !== external_node_path_default().resolve('/', replaced))
            drop('fixtures', `it would replace the fixture directory ${replaced}`);
    return { config: out, ignored };
}

// EXTERNAL MODULE: ./node_modules/ignore/index.js
var ignore = __nccwpck_require__(298);
var ignore_default = /*#__PURE__*/__nccwpck_require__.n(ignore);
;// CONCATENATED MODULE: ./src/io/git-index.ts




/** Larger indexes (millions of files) are not read: .gitignore rules alone decide there. */
const MAX_INDEX_BYTES = 512 * 1024 * 1024;
const MAX_PATH_BYTES = 64 * 1024;
/**
 * The paths git tracks under `dir` (files, and every directory holding one), relative to `dir`.
 * The index is parsed here rather than asking `git ls-files`: running git inside a checkout lets
 * the repository's own files (a committed bare-repository look-alike, its config) run commands.
 *
 * `nested`: `dir` holds a `.git` found inside another repository's work tree. It counts as a
 * repository only when it is a real checkout (a HEAD and an index); anything less (a `.git`
 * holding only HEAD, a `.git` file naming no git directory) is 'no-git', so the repository
 * around it keeps deciding, and a stray `.git` cannot blind discovery.
 */
function trackedUnder(dir, { nested = false } = {}) {
    const top = gitTop(dir);
    if (!top)
        return { state: 'no-git' };
    const git = resolveGitDir(top);
    if ('state' in git)
        return nested ? { state: 'no-git' } : git;
    const index = external_node_path_default().join(git.dir, 'index');
    const read = readSmallFile(index, MAX_INDEX_BYTES);
    if (!read.ok && read.kind === 'missing') {
        if (nested)
            return { state: 'no-git' };
        if (headOf(git) === 'unborn')
            return { state: 'tracked', paths: new Set() }; // nothing committed or staged yet
    }
    if (!read.ok)
        return { state: 'unreadable', detail: `${index} ${read.detail}` };
    const files = parseIndex(read.bytes, hashSize(read.bytes, git.common));
    if (typeof files === 'string')
        return { state: 'unreadable', detail: files };
    // Real paths: a directory named through a symlink is still the same place in the index.
    const prefix = external_node_path_default().relative(realOr(top), realOr(dir)).split((external_node_path_default()).sep).join('/');
    const paths = new Set();
    for (const f of files) {
        const rel = prefix === '' ? f : f.startsWith(prefix + '/') ? f.slice(prefix.length + 1) : '';
        if (!rel)
            continue;
        paths.add(rel);
        for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) {
            const d = rel.slice(0, i);
            if (paths.has(d))
                break;
            paths.add(d);
        }
    }
    return { state: 'tracked', paths };
}
function realOr(p) {
    try {
        return external_node_fs_default().realpathSync(p);
    }
    catch {
        return external_node_path_default().resolve(p);
    }
}
/** The nearest directory at or above `dir` holding a `.git` entry. */
function gitTop(dir) {
    for (let d = external_node_path_default().resolve(dir);; d = external_node_path_default().dirname(d)) {
        if (external_node_fs_default().existsSync(external_node_path_default().join(d, '.git')))
            return d;
        if (external_node_path_default().dirname(d) === d)
            return undefined;
    }
}
/**
 * `.git` is the git dir, or (worktrees, submodules) a file `gitdir: <path>` naming it; either
 * way it must hold a HEAD, so an empty or stale `.git` is not mistaken for "nothing tracked".
 */
function resolveGitDir(top) {
    const dotGit = external_node_path_default().join(top, '.git');
    let dir;
    if (statPath(dotGit).kind === 'dir')
        dir = dotGit;
    else {
        const read = readSmallFile(dotGit, 4096); // never blocks: a FIFO is refused, not opened
        const m = read.ok ? /^gitdir: (.+?)\r?\n?$/.exec(read.bytes.toString('utf8')) : null;
        if (m)
            dir = external_node_path_default().resolve(top, m[1]);
    }
    if (!dir || statPath(external_node_path_default().join(dir, 'HEAD')).kind !== 'file')
        return { state: 'unreadable', detail: `${dotGit} is not a git directory (no HEAD)` };
    const link = readSmallFile(external_node_path_default().join(dir, 'commondir'), 4096);
    const common = link.ok ? external_node_path_default().resolve(dir, link.bytes.toString('utf8').trim()) : dir;
    return { dir, common };
}
/**
 * The commit HEAD names: its id; 'unborn' for a branch with no commit yet; undefined when that
 * cannot be read (callers then assume there is history).
 */
function headOf(git) {
    const head = readSmallFile(external_node_path_default().join(git.dir, 'HEAD'), 4096);
    if (!head.ok)
        return undefined;
    const text = head.bytes.toString('utf8').trim();
    if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text))
        return text; // detached
    const ref = /^ref: (refs\/\S+)$/.exec(text)?.[1];
    if (!ref || ref.split('/').includes('..'))
        return undefined;
    const loose = readSmallFile(external_node_path_default().join(git.common, ref), 4096);
    if (loose.ok)
        return /^[0-9a-f]{40,64}/.exec(loose.bytes.toString('utf8'))?.[0];
    const packed = readSmallFile(external_node_path_default().join(git.common, 'packed-refs'), MAX_INDEX_BYTES);
    if (packed.ok)
        for (const line of packed.bytes.toString('utf8').split('\n'))
            if (line.endsWith(` ${ref}`))
                return line.slice(0, line.indexOf(' '));
    return loose.kind === 'missing' ? 'unborn' : undefined;
}
/**
 * 20-byte (sha1) or 32-byte (sha256) object ids: whichever trailing checksum matches the file;
 * with no checksum (index.skipHash), the repository's extensions.objectFormat decides.
 */
function hashSize(index, common) {
    for (const [size, algo] of [
        [20, 'sha1'],
        [32, 'sha256'],
    ]) {
        if (index.length < 12 + size)
            continue;
        const sum = index.subarray(index.length - size);
        if ((0,external_node_crypto_namespaceObject.createHash)(algo)
            .update(index.subarray(0, index.length - size))
            .digest()
            .equals(sum))
            return size;
    }
    const read = readSmallFile(external_node_path_default().join(common, 'config'), 1 << 20);
    const config = read.ok ? read.bytes.toString('utf8') : '';
    return /^\s*objectformat\s*=\s*"?sha256"?\s*$/im.test(config) ? 32 : 20;
}
/**
 * The paths of a git index file (versions 2, 3 and 4), or why it cannot be read. Every offset
 * is bounds-checked: a damaged or hostile index is "unreadable", never a crash or a loop.
 */
function parseIndex(b, hashBytes) {
    if (b.length < 12 + hashBytes || b.toString('latin1', 0, 4) !== 'DIRC')
        return 'the git index has no DIRC header';
    const version = b.readUInt32BE(4);
    if (version < 2 || version > 4)
        return `the git index has version ${version}, not 2, 3 or 4`;
    const count = b.readUInt32BE(8);
    const end = b.length - hashBytes; // the trailing checksum (all zeros with index.skipHash)
    const sum = b.subarray(end);
    if (sum.some((x) => x !== 0)) {
        const algo = hashBytes === 32 ? 'sha256' : 'sha1';
        if (!(0,external_node_crypto_namespaceObject.createHash)(algo).update(b.subarray(0, end)).digest().equals(sum))
            return 'the git index is damaged (its checksum does not match)';
    }
    const out = [];
    let at = 12;
    let previous = Buffer.alloc(0);
    // Version 4 paths repeat their predecessor's prefix: bounded, so a crafted index cannot
    // decode to gigabytes.
    let decoded = 0;
    for (let n = 0; n < count; n++) {
        const fixed = 40 + hashBytes + 2; // stat data, object id, flags
        if (at + fixed > end)
            return 'the git index ends inside an entry';
        const flags = b.readUInt16BE(at + 40 + hashBytes);
        let name = at + fixed + (version >= 3 && flags & 0x4000 ? 2 : 0);
        let prefix = Buffer.alloc(0);
        if (version === 4) {
            // The path is the previous path less `strip` trailing bytes, then this entry's suffix.
            let strip = 0;
            let byte;
            let first = true;
            do {
                if (name >= end)
                    return 'the git index ends inside an entry';
                byte = b[name++];
                strip = first ? byte & 0x7f : ((strip + 1) << 7) | (byte & 0x7f);
                first = false;
                if (strip > previous.length)
                    return 'the git index has a bad path prefix';
            } while (byte & 0x80);
            prefix = previous.subarray(0, previous.length - strip);
        }
        const nul = b.indexOf(0, name);
        if (nul < 0 || nul >= end)
            return 'the git index ends inside a path';
        const bytes = Buffer.concat([prefix, b.subarray(name, nul)]);
        decoded += bytes.length;
        if (bytes.length > MAX_PATH_BYTES || decoded > 16 * b.length + 4096)
            return 'the git index holds paths longer than any checkout can have';
        const full = bytes.toString('utf8');
        const mode = b.readUInt32BE(at + 24);
        // A sparse index lists a whole directory as one entry ("dir/", mode 040000).
        out.push((mode & 0o170000) === 0o040000 ? full.replace(/\/$/, '') : full);
        previous = bytes;
        // Versions 2 and 3 pad each entry with 1 to 8 NULs to a multiple of 8 bytes.
        at = version === 4 ? nul + 1 : at + Math.ceil((nul + 1 - at) / 8) * 8;
    }
    // Extensions: a split index keeps its entries in another file, which is not read here.
    while (at + 8 <= end) {
        const sig = b.toString('latin1', at, at + 4);
        if (sig === 'link')
            return 'the git index is split (core.splitIndex); its shared part is not read';
        at += 8 + b.readUInt32BE(at + 4);
    }
    return out;
}
/** The commit checked out at `dir` (HEAD resolved through refs), or undefined if unknown. */
function headCommit(dir) {
    const top = gitTop(dir);
    const git = top ? resolveGitDir(top) : undefined;
    if (!git || 'state' in git)
        return undefined;
    const head = headOf(git);
    return head === 'unborn' ? undefined : head;
}

;// CONCATENATED MODULE: ./src/io/walk.ts




const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);
/**
 * Lists the directories of a repository the way git would see them: `.gitignore` files at every
 * level are honoured, except for what git tracks (a committed file is never ignored, so a
 * `.gitignore` line cannot hide a committed audit). What git tracks comes from the index of the
 * repository holding `root`, and of any real repository (a HEAD and an index) found below it; a
 * `.git` that is less than that is no repository, and the index around it still decides. Where
 * an index cannot be read the walk fails closed and ignores nothing there but `extra`. Without git at all, the rules
 * alone decide. `.git` and `node_modules` are skipped, and symlinked directories are not
 * followed (so a symlink loop cannot trap the walk). `extra` patterns (the config's exclude) use
 * gitignore syntax and apply to tracked files too.
 */
function walkRepository(root, extra = []) {
    const out = [];
    const unknown = [];
    // A file any of these repositories tracks is committed, so no .gitignore may hide it: a nested
    // repository adds its index to the outer one's, never replaces it.
    const scopeAt = (abs, rel, outer) => {
        const around = outer ?? { indexes: [], blind: false };
        const t = trackedUnder(abs, { nested: outer !== undefined });
        if (t.state === 'tracked')
            return { indexes: [...around.indexes, { base: rel, paths: t.paths }], blind: around.blind };
        if (t.state === 'no-git')
            return around;
        unknown.push({ dir: abs, detail: t.detail });
        return { indexes: around.indexes, blind: true };
    };
    const rootRules = extra.length ? [{ base: '', ig: ignore_default()().add(extra) }] : [];
    const stack = [
        { abs: root, rel: '', rules: [], git: undefined },
    ];
    while (stack.length > 0) {
        const { abs, rel, rules: inherited, git: outer } = stack.pop();
        let entries;
        try {
            entries = external_node_fs_default().readdirSync(abs, { withFileTypes: true });
        }
        catch {
            continue; // an unreadable directory holds nothing we can verify; its artifacts are then "missing"
        }
        // The root's repository (found upwards), or a repository nested in the walk.
        const git = !outer || entries.some((e) => e.name === '.git') ? scopeAt(abs, rel, outer) : outer;
        const rules = [...inherited];
        if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
            try {
                rules.push({
                    base: rel,
                    ig: ignore_default()().add(external_node_fs_default().readFileSync(external_node_path_default().join(abs, '.gitignore'), 'utf8')),
                });
            }
            catch {
                // unreadable .gitignore: ignore nothing extra
            }
        }
        const entry = {
            abs,
            rel: rel || '.',
            files: new Set(),
            dirs: new Set(),
            links: new Set(),
        };
        const tracked = (childRel) => git.indexes.some((i) => i.paths.has(i.base ? childRel.slice(i.base.length + 1) : childRel));
        // The config's exclude always applies; .gitignore files only where they can be trusted.
        const ignored = (childRel, isDir) => isIgnored(rootRules, childRel, isDir) ||
            (!git.blind && isIgnored(rules, childRel, isDir) && !tracked(childRel));
        for (const e of entries) {
            const childRel = rel ? `${rel}/${e.name}` : e.name;
            if (e.isDirectory()) {
                if (ALWAYS_SKIPPED.has(e.name) || ignored(childRel, true))
                    continue;
                entry.dirs.add(e.name);
                stack.push({ abs: external_node_path_default().join(abs, e.name), rel: childRel, rules, git });
            }
            else if (!ignored(childRel, false)) {
                entry.files.add(e.name);
                if (e.isSymbolicLink())
                    entry.links.add(e.name);
            }
        }
        out.push(entry);
    }
    return { dirs: out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)), unknown };
}
function isIgnored(rules, rel, isDir) {
    for (const r of rules) {
        const local = r.base ? rel.slice(r.base.length + 1) : rel;
        if (r.ig.ignores(isDir ? `${local}/` : local))
            return true;
    }
    return false;
}

;// CONCATENATED MODULE: ./src/fixtures/codes.ts
const FIXTURE = {
    mismatch: {
        code: 'fixture.mismatch',
        severity: 'error',
        title: 'A conformance fixture emitted other codes or another terminal state than it expects',
        remediation: 'Fix the rule, or (if the fixture is wrong) its expected_validation_codes / expected_terminal_state.',
    },
    missingExpected: {
        code: 'fixture.missing_expected_validation',
        severity: 'error',
        title: 'A conformance fixture does not say which codes it expects',
        remediation: 'Add "expected_validation_codes" to fixture.json ([] for a clean fixture).',
    },
    invalid: {
        code: 'fixture.invalid',
        severity: 'error',
        title: 'fixture.json is malformed, names an unknown pack or code, or its input is missing',
        remediation: 'Fix fixture.json: {fixture_id, fixture_kind, pack, input, options, expected_validation_codes, expected_terminal_state}.',
    },
};
const FIXTURE_CODES = Object.values(FIXTURE);

;// CONCATENATED MODULE: ./src/fixtures/schema.ts

/** conformance/<pack>/<fixture_id>/fixture.json (seed 004 §10, adapted to a folder layout). */
const Fixture = object({
    $schema: schemas_string().optional(),
    schema_version: literal('1.0').optional(),
    fixture_id: schemas_string().min(1),
    fixture_kind: schemas_string()
        .min(1)
        .describe('What the fixture exercises, e.g. stale_input or clean'),
    pack: schemas_string().min(1),
    description: schemas_string().optional(),
    input: schemas_string()
        .min(1)
        .default('input')
        .describe('Input bundle folder, relative to the fixture folder'),
    target: schemas_string()
        .min(1)
        .default('.')
        .describe('Directory inside the input the pack is pointed at'),
    options: record(schemas_string(), unknown())
        .default({})
        .describe('Pack options, e.g. {"assurance":"submission"}'),
    empty_dirs: array(schemas_string().min(1))
        .optional()
        .describe('Empty directories (relative to the input) to create in a scratch copy before the run: git cannot store them'),
    expected_validation_codes: array(schemas_string()).optional(),
    expected_terminal_state: schemas_string().optional(),
})
    .strict();

;// CONCATENATED MODULE: ./src/fixtures/runner.ts









/** Lists fixture folders: <dir>/<pack>/<fixture_id>/fixture.json (or <dir> itself being one). */
function findFixtures(dir) {
    if (external_node_fs_default().existsSync(external_node_path_default().join(dir, 'fixture.json')))
        return [dir];
    const out = [];
    const walk = (d, depth) => {
        let entries;
        try {
            entries = external_node_fs_default().readdirSync(d, { withFileTypes: true });
        }
        catch {
            return;
        }
        for (const e of entries) {
            if (!e.isDirectory())
                continue;
            const sub = external_node_path_default().join(d, e.name);
            if (external_node_fs_default().existsSync(external_node_path_default().join(sub, 'fixture.json')))
                out.push(sub);
            else if (depth < 2)
                walk(sub, depth + 1);
        }
    };
    walk(dir, 0);
    return out.sort();
}
/**
 * The conformance runner (ESLint's RuleTester idea): each fixture's input is verified by its
 * pack, and the fixture passes only when the emitted code set equals the expected set exactly
 * and the terminal state matches.
 */
async function runFixtures(dir, opts) {
    const folders = findFixtures(dir);
    const results = [];
    for (const [i, folder] of folders.entries()) {
        opts.onProgress?.(`fixture ${i + 1}/${folders.length}: ${opts.workspace.rel(folder)}`);
        results.push(await runFixture(folder, opts));
    }
    return results;
}
/**
 * A scratch copy of the input (symlinks kept as links) with the empty directories git cannot hold,
 * or why it cannot be made. The copy is removed again on every failure.
 */
function scratchCopy(inputDir, emptyDirs) {
    const dir = external_node_fs_default().realpathSync(external_node_fs_default().mkdtempSync(external_node_path_default().join(external_node_os_default().tmpdir(), 'audit-gate-fixture-')));
    let made = false;
    try {
        external_node_fs_default().cpSync(inputDir, dir, { recursive: true, verbatimSymlinks: true });
        for (const d of emptyDirs) {
            const refused = makeDirInside(dir, d);
            if (refused)
                return { ok: false, detail: `cannot hold empty_dirs entry "${d}": it ${refused}` };
        }
        made = true;
        return { ok: true, dir };
    }
    finally {
        if (!made)
            external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    }
}
/**
 * Creates `rel` under `root` one component at a time, never through a symlink: the copied input
 * is untrusted, and `esc -> /anywhere` would otherwise make `esc/X` create /anywhere/X. Returns
 * why it refused, or undefined once the directory exists.
 */
function makeDirInside(root, rel) {
    if (external_node_path_default().isAbsolute(rel) || rel.includes('\0'))
        return 'is not a relative path';
    const parts = rel.split(/[/\\]+/).filter((p) => p !== '' && p !== '.');
    if (parts.includes('..'))
        return 'leaves the input (it contains "..")';
    let cur = root;
    for (const part of parts) {
        cur = external_node_path_default().join(cur, part);
        let st;
        try {
            st = external_node_fs_default().lstatSync(cur);
        }
        catch (err) {
            if (err.code !== 'ENOENT')
                throw err;
        }
        if (st?.isSymbolicLink())
            return `goes through the symlink ${external_node_path_default().relative(root, cur)}`;
        if (st && !st.isDirectory())
            return `goes through ${external_node_path_default().relative(root, cur)}, which is a file`;
        if (!st)
            external_node_fs_default().mkdirSync(cur);
    }
    return undefined;
}
async function runFixture(folder, opts) {
    const ws = opts.workspace;
    const rel = ws.rel(folder);
    const targetId = `fixture:${rel}`;
    const target = {
        id: targetId,
        pack: 'fixtures',
        kind: 'fixture',
        path: rel,
        enforcement: 'blocking',
        terminal_state: 'failed',
        context: {},
    };
    const subject = {
        id: targetId,
        target: targetId,
        pack: 'fixtures',
        kind: 'fixture',
        name: external_node_path_default().basename(folder),
        path: `${rel}/fixture.json`,
        status: 'FAILED',
        outcome: 'pass',
    };
    const fail = (def, message, line) => ({
        target,
        subjects: [subject],
        findings: [
            finding(def, {
                subject: targetId,
                message,
                location: line ? { path: subject.path, line } : { path: subject.path },
            }),
        ],
    });
    const loaded = loadJsonObject(ws, folder, 'fixture.json');
    if (loaded.state !== 'ok')
        return fail(FIXTURE.invalid, `fixture.json ${loaded.state === 'missing' ? 'is missing' : loaded.detail}.`, loaded.state === 'bad' ? loaded.line : undefined);
    const parsed = Fixture.safeParse(loaded.data);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return fail(FIXTURE.invalid, `fixture.json is invalid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`, loaded.doc.lineOf(issue.path) ?? 1);
    }
    const fx = parsed.data;
    subject.name = fx.fixture_id;
    target.context = { pack: fx.pack, fixture_kind: fx.fixture_kind };
    if (fx.expected_validation_codes === undefined) {
        return fail(FIXTURE.missingExpected, `Fixture ${fx.fixture_id} has no expected_validation_codes, so it cannot prove anything.`, 1);
    }
    const pack = opts.packs.find((p) => p.id === fx.pack);
    if (!pack)
        return fail(FIXTURE.invalid, `Fixture ${fx.fixture_id} names pack "${fx.pack}", which audit-gate does not have.`, loaded.doc.lineOf(['pack']));
    const unknown = fx.expected_validation_codes.filter((c) => !opts.knownCodes.has(c));
    if (unknown.length > 0) {
        return fail(FIXTURE.invalid, `Fixture ${fx.fixture_id} expects unknown code(s): ${unknown.join(', ')}.`, loaded.doc.lineOf(['expected_validation_codes']));
    }
    // Resolved through symlinks: a fixture may only read its own input, inside the workspace.
    const input = ws.resolve(folder, fx.input);
    const targetIn = input.ok ? new Workspace(input.real).resolve(input.real, fx.target) : input;
    if (!input.ok || !targetIn.ok || !external_node_fs_default().statSync(targetIn.real).isDirectory()) {
        return fail(FIXTURE.invalid, `Fixture ${fx.fixture_id}: input ${external_node_path_default().join(fx.input, fx.target)} is missing, not a directory, or outside the workspace.`, loaded.doc.lineOf(['input']));
    }
    const inputDir = input.real;
    let scratch;
    if (fx.empty_dirs?.length) {
        let copy;
        try {
            copy = scratchCopy(inputDir, fx.empty_dirs);
        }
        catch (err) {
            copy = { ok: false, detail: `could not be prepared: ${errorText(err)}` };
        }
        if (!copy.ok)
            return fail(FIXTURE.invalid, `Fixture ${fx.fixture_id}: the scratch copy of input ${fx.input} ${copy.detail}.`, loaded.doc.lineOf(['empty_dirs']));
        scratch = copy.dir;
    }
    let emitted;
    const hasher = new Hasher();
    try {
        const root = scratch ?? inputDir;
        emitted = await pack.verify(external_node_path_default().resolve(root, fx.target), {
            workspace: new Workspace(root),
            hasher,
            options: fx.options,
        });
    }
    catch (err) {
        return fail(FIXTURE.mismatch, `Fixture ${fx.fixture_id} crashed the ${pack.id} pack: ${errorText(err)}.`);
    }
    finally {
        await hasher.close();
        if (scratch)
            external_node_fs_default().rmSync(scratch, { recursive: true, force: true });
    }
    const expected = [...new Set(fx.expected_validation_codes)].sort();
    const actual = [...new Set(emitted.findings.map((f) => f.code))].sort();
    const missing = expected.filter((c) => !actual.includes(c));
    const extra = actual.filter((c) => !expected.includes(c));
    const stateOk = fx.expected_terminal_state === undefined ||
        fx.expected_terminal_state === emitted.target.terminal_state;
    const findings = [];
    if (missing.length || extra.length || !stateOk) {
        const parts = [
            `expected [${expected.join(', ')}]`,
            `got [${actual.join(', ')}]`,
            missing.length ? `missing ${missing.join(', ')}` : '',
            extra.length ? `unexpected ${extra.join(', ')}` : '',
            stateOk
                ? ''
                : `terminal state ${emitted.target.terminal_state}, expected ${fx.expected_terminal_state}`,
        ].filter(Boolean);
        findings.push(finding(FIXTURE.mismatch, {
            subject: targetId,
            message: `Fixture ${fx.fixture_id} (${fx.fixture_kind}): ${parts.join('; ')}.`,
            location: {
                path: subject.path,
                line: loaded.doc.lineOf(['expected_validation_codes']) ?? 1,
            },
        }));
    }
    const passed = findings.length === 0;
    return {
        target: { ...target, terminal_state: passed ? 'passed' : 'failed' },
        subjects: [
            {
                ...subject,
                status: passed ? 'PASSED' : 'FAILED',
                reason: `${fx.fixture_kind}: expects [${expected.join(', ')}]${fx.expected_terminal_state ? ` → ${fx.expected_terminal_state}` : ''}`,
            },
        ],
        findings,
        extension: {
            expected_validation_codes: expected,
            actual_validation_codes: actual,
            expected_terminal_state: fx.expected_terminal_state ?? null,
            actual_terminal_state: emitted.target.terminal_state,
        },
    };
}

;// CONCATENATED MODULE: ./src/policy/codes.ts
/** Codes about the run as a whole rather than one contract. */
const GATE = {
    nothingVerified: {
        code: 'gate.nothing_verified',
        severity: 'error',
        title: 'Nothing was verified',
        remediation: 'Point audit-gate at the paper or run directories (paths, or a config file), or pass --allow-empty if an empty run is expected.',
    },
    targetNotFound: {
        code: 'gate.target_not_found',
        severity: 'error',
        title: 'A configured path does not exist or is outside the workspace',
        remediation: 'Fix the path in the paths input or the config file.',
    },
    configInvalid: {
        code: 'gate.config_invalid',
        severity: 'error',
        title: 'The audit-gate config file is malformed',
        remediation: 'Fix the config file (see the README, "Config file").',
    },
    configRefused: {
        code: 'gate.config_refused',
        severity: 'error',
        title: 'The checkout’s config file leads outside the workspace or into .git/, so it was not read',
        remediation: 'Make the config a regular file in the repository, or give a shared config from the workflow: a file outside the checkout (--config, the Action’s config input) or inline JSON (the Action’s config-json input).',
    },
    configKeyIgnored: {
        code: 'gate.config_key_ignored',
        severity: 'warning',
        title: 'Keys of the checkout’s config were ignored because the workflow pins the assurance',
        remediation: 'Set these keys from the workflow instead: a config file outside the checkout (--config, the Action’s config input) or inline JSON (the Action’s config-json input). Otherwise remove them from the checkout’s config.',
    },
    gitIndexUnreadable: {
        code: 'gate.git_index_unreadable',
        severity: 'warning',
        title: 'What git tracks could not be read, so .gitignore files were not trusted there',
        remediation: 'Nothing to fix if the extra targets are right; otherwise give the runner a readable .git/index (core.splitIndex off), or list what to skip in the config exclude.',
    },
    subjectConflict: {
        code: 'gate.subject_conflict',
        severity: 'error',
        title: 'Two targets report the same subject',
        remediation: 'Move the nested paper or run directory out of the other one, or list its artifacts without a subfolder.',
    },
    internalError: {
        code: 'gate.internal_error',
        severity: 'error',
        title: 'audit-gate failed while checking this target',
        remediation: 'Report this with the message; the target counts as failed until it is verified.',
    },
};

;// CONCATENATED MODULE: ./src/packs/aris/index.ts




const ARTIFACT_NAMES = new Set(DEFAULT_AUDITS.map((a) => a.artifact));
/** ARIS paper-audit assurance (seed 000): four mandatory audits per paper directory. */
const arisPack = {
    id: 'aris',
    title: 'ARIS paper-audit assurance',
    codes: ARIS_CODES,
    discover(dirs) {
        const found = new Set();
        for (const d of dirs) {
            if ([...d.files].some((f) => ARTIFACT_NAMES.has(f)))
                found.add(d.abs);
            if (external_node_path_default().basename(d.abs) === '.aris' &&
                (d.files.has('assurance.txt') || d.files.has('audit-manifest.json'))) {
                found.add(external_node_path_default().dirname(d.abs));
            }
        }
        return [...found].sort();
    },
    verify: verifyPaper,
};

;// CONCATENATED MODULE: ./src/packs/index.ts




/** Every contract audit-gate verifies. Order is the order targets are reported in. */
const PACKS = [arisPack, tracePack];
function findPack(id) {
    return PACKS.find((p) => p.id === id);
}
/** The one registry of validation codes, for docs and for checking fixtures name real codes. */
function allCodes() {
    return [...Object.values(GATE), ...FIXTURE_CODES, ...PACKS.flatMap((p) => p.codes)];
}

;// CONCATENATED MODULE: ./src/target.ts



/** Checks one target; an exception becomes a blocking internal-error result (fail closed). */
async function verifyTarget(t, ctx) {
    try {
        return await t.pack.verify(t.dir, ctx);
    }
    catch (err) {
        return failedTarget(t.pack.id, ctx.workspace.rel(t.dir), `Checking ${ctx.workspace.rel(t.dir)} failed: ${errorText(err)}.`);
    }
}
/** The result of a target that could not be checked at all. */
function failedTarget(packId, rel, message) {
    const id = `${packId}:${rel}`;
    const kind = packId === 'aris' ? 'paper' : 'run';
    return {
        target: {
            id,
            pack: packId,
            kind,
            path: rel,
            enforcement: 'blocking',
            terminal_state: 'error',
            context: {},
        },
        subjects: [
            {
                id,
                target: id,
                pack: packId,
                kind,
                name: rel,
                path: rel,
                status: 'ERROR',
                outcome: 'blocking',
            },
        ],
        findings: [finding(GATE.internalError, { subject: id, message, location: { path: rel } })],
    };
}

;// CONCATENATED MODULE: ./src/parallel.ts






/** Fewer parallel-safe targets than this are checked on the main thread alone. */
const MIN_PARALLEL_TARGETS = 8;
const MAX_BATCH = 8;
/** Batches queued per worker, so it never waits for the (busy) main thread to send the next. */
const DEPTH = 2;
const WORKER_KIND = 'audit-gate-verify';
let workerScript;
/**
 * Called by a bundle's entry point with its own URL: the bundle can then be started again as a
 * verify worker. Unbundled sources (jest, tsx) never call it with a .js file and stay sequential.
 */
function allowWorkers(entryUrl) {
    workerScript =
        entryUrl?.startsWith('file:') && entryUrl.endsWith('.js') ? new URL(entryUrl) : undefined;
}
/** Whether this thread was started by `verifyTargets` to check targets. */
function isVerifyWorker() {
    return !external_node_worker_threads_namespaceObject.isMainThread && external_node_worker_threads_namespaceObject.workerData?.kind === WORKER_KIND;
}
/** The worker side: checks the batches it is sent, one at a time, with its own Hasher. */
function runVerifyWorker() {
    const setup = external_node_worker_threads_namespaceObject.workerData;
    const port = external_node_worker_threads_namespaceObject.parentPort;
    const ctx = {
        workspace: new Workspace(setup.root, setup.allowOutside),
        hasher: new Hasher(),
        options: setup.options,
    };
    let queue = Promise.resolve();
    port.on('message', (req) => {
        queue = queue.then(async () => {
            const results = [];
            for (const t of req.targets) {
                const pack = PACKS.find((p) => p.id === t.pack);
                results.push(pack
                    ? await verifyTarget({ pack, dir: t.dir }, ctx)
                    : failedTarget(t.pack, ctx.workspace.rel(t.dir), `Unknown pack ${t.pack}.`));
            }
            port.postMessage({ id: req.id, results });
        });
    });
}
/**
 * Helper threads for parallel-safe targets. `verify` starts them before discovery, so they boot
 * (load the bundle) on the other cores while the repository is walked; `verifyTargets` uses them
 * when there are enough targets and closes them either way.
 */
class VerifyWorkers {
    /** Workers that failed or exited before they were used, with why: never fed. */
    dead = new Map();
    workers = [];
    /** Starts the helpers, or returns undefined where workers are not possible (jest, one core). */
    static start(ctx) {
        const helpers = Math.min(7, external_node_os_default().availableParallelism() - 1);
        if (workerScript === undefined || helpers <= 0)
            return undefined;
        const setup = {
            kind: WORKER_KIND,
            root: ctx.workspace.root,
            allowOutside: ctx.workspace.allowOutside,
            options: ctx.options,
        };
        const pool = new VerifyWorkers();
        try {
            for (let i = 0; i < helpers; i++) {
                const w = new external_node_worker_threads_namespaceObject.Worker(workerScript, { workerData: setup });
                w.on('error', (err) => pool.dead.set(w, `failed: ${errorText(err)}`));
                w.on('exit', (code) => pool.dead.has(w) || pool.dead.set(w, `exited with code ${code}`));
                pool.workers.push(w);
            }
        }
        catch {
            // Out of threads or memory: the ones started still help; none at all means sequential.
            if (pool.workers.length === 0)
                return undefined;
        }
        return pool;
    }
    /** The helpers still alive, to be fed batches. */
    alive() {
        return this.workers.filter((w) => !this.dead.has(w));
    }
    async close() {
        await Promise.all(this.workers.map((w) => w.terminate()));
    }
}
/**
 * Checks every planned target and returns the results in plan order. Targets of packs that declare
 * themselves parallel-safe (no input shared between targets) are spread over worker threads, each
 * with its own Hasher, when running from a bundle and there are enough of them; the main thread
 * takes batches too. Everything else runs on the main thread with the shared context. The workers
 * (`started`, or started here when there are enough targets) are closed before it returns.
 */
async function verifyTargets(planned, ctx, onProgress, started) {
    let workers = started;
    try {
        const results = new Array(planned.length);
        const announce = (i) => onProgress?.(`[${i + 1}/${planned.length}] ${planned[i].pack.id}: ${ctx.workspace.rel(planned[i].dir)}`);
        const spread = [];
        for (const [index, target] of planned.entries()) {
            if (target.pack.parallel)
                spread.push({ index, target });
        }
        if (spread.length >= MIN_PARALLEL_TARGETS)
            workers ??= VerifyWorkers.start(ctx);
        const helpers = workers?.alive() ?? [];
        const parallel = helpers.length > 0 && spread.length >= MIN_PARALLEL_TARGETS;
        for (const [index, target] of planned.entries()) {
            if (parallel && target.pack.parallel)
                continue;
            announce(index);
            results[index] = await verifyTarget(target, ctx);
            // Let timers, replies and signals (a cancelled job) in between targets.
            await new Promise((resolve) => setImmediate(resolve));
        }
        if (parallel) {
            const per = (helpers.length + 1) * 4;
            const size = Math.max(1, Math.min(MAX_BATCH, Math.floor(spread.length / per)));
            const batches = [];
            for (let i = 0; i < spread.length; i += size)
                batches.push({ id: batches.length, items: spread.slice(i, i + size) });
            await runPool(batches, ctx, helpers, {
                take: (b) => b.items.forEach((it) => announce(it.index)),
                settle: (b, res) => b.items.forEach((it, k) => (results[it.index] = res[k])),
            });
        }
        return results;
    }
    finally {
        await workers?.close();
    }
}
async function runPool(batches, ctx, workers, hooks) {
    const queue = [...batches];
    let open = batches.length;
    let allSettled;
    const done = new Promise((resolve) => (allSettled = resolve));
    const settle = (b, res) => {
        hooks.settle(b, res);
        if (--open === 0)
            allSettled();
    };
    const take = () => {
        const b = queue.shift();
        if (b)
            hooks.take(b);
        return b;
    };
    for (const w of workers) {
        const inFlight = new Map();
        const feed = () => {
            for (let b; inFlight.size < DEPTH && (b = take());) {
                inFlight.set(b.id, b);
                w.postMessage({
                    id: b.id,
                    targets: b.items.map((it) => ({ pack: it.target.pack.id, dir: it.target.dir })),
                });
            }
        };
        // Fail closed: whatever the worker held when it died is an internal error, never a hang.
        const lose = (why) => {
            for (const b of inFlight.values())
                settle(b, b.items.map((it) => lostTarget(it, ctx, why)));
            inFlight.clear();
        };
        w.on('message', (m) => {
            const b = inFlight.get(m.id);
            if (!b)
                return;
            inFlight.delete(m.id);
            settle(b, m.results);
            feed();
        });
        w.on('error', (err) => lose(`failed: ${errorText(err)}`));
        w.on('exit', (code) => lose(`exited with code ${code}`));
        feed();
    }
    for (let b = take(); b; b = take()) {
        const res = [];
        for (const it of b.items)
            res.push(await verifyTarget(it.target, ctx));
        settle(b, res);
        // Let the workers' replies in, so they are fed again while this thread keeps working.
        await new Promise((resolve) => setImmediate(resolve));
    }
    await done;
}
function lostTarget(it, ctx, why) {
    const rel = ctx.workspace.rel(it.target.dir);
    return failedTarget(it.target.pack.id, rel, `Checking ${rel} failed: the worker thread checking it ${why}.`);
}

;// CONCATENATED MODULE: ./src/model/cap.ts
/**
 * The most characters (UTF-16 code units) a report keeps of any one string. Artifacts may hold
 * strings of tens of megabytes (a verdict, a summary, a reviewer name); a report repeats such a
 * value in several fields, and a few of them would make it larger than a JavaScript string can
 * be, so no report could be written at all. Longer than any path, message or summary a producer
 * writes on purpose.
 */
const FIELD_MAX = 8192;
/** The visible end of a capped string: how big the whole value was. */
function truncationMark(bytes) {
    return `…[truncated, ${bytes} bytes]`;
}
/**
 * `s` when it has at most `max` characters, else its start and a truncation mark, `max`
 * characters in all (so capping twice changes nothing), never cutting a surrogate pair.
 */
function capField(s, max = FIELD_MAX) {
    if (s.length <= max)
        return s;
    const mark = truncationMark(Buffer.byteLength(s, 'utf8'));
    let end = Math.max(0, max - mark.length);
    const last = s.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff)
        end--;
    return s.slice(0, end) + mark;
}
/**
 * A JSON-like value with every string in it (not object keys) capped by capField. Objects and
 * arrays are copied only where something was capped; the rest is the value itself.
 */
function capFields(value, max = FIELD_MAX) {
    const walk = (v) => {
        if (typeof v === 'string')
            return v.length > max ? capField(v, max) : v;
        if (v === null || typeof v !== 'object')
            return v;
        if (Array.isArray(v)) {
            let out;
            for (let i = 0; i < v.length; i++) {
                const x = walk(v[i]);
                if (x !== v[i])
                    (out ??= v.slice())[i] = x;
            }
            return out ?? v;
        }
        let out;
        for (const [k, x] of Object.entries(v)) {
            const y = walk(x);
            // Defined, not assigned: a "__proto__" key stays a key.
            if (y !== x)
                Object.defineProperty((out ??= { ...v }), k, {
                    value: y,
                    writable: true,
                    enumerable: true,
                    configurable: true,
                });
        }
        return out ?? v;
    };
    return walk(value);
}

;// CONCATENATED MODULE: ./src/policy/gate.ts




const GOOD_TERMINAL = new Set(['accepted', 'passed']);
/**
 * The policy step: findings of advisory targets (draft assurance) are reported as warnings and
 * never block; error findings of blocking targets fail the gate. Run-level findings always block.
 * Every string the report keeps is capped (capField), so a report can always be written.
 */
function decide(uncapped, settings) {
    const results = capFields(uncapped);
    const targets = results.map((r) => r.target);
    const findings = [];
    // A finding is judged by the target whose result holds it (never looked up by subject id,
    // which two targets could share), and counted against that target's own subjects.
    const bySubject = new Map();
    const key = (target, subject) => `${target}\0${subject}`;
    for (const r of results) {
        for (const f of r.findings) {
            const severity = r.target.enforcement === 'advisory' && f.severity === 'error' ? 'warning' : f.severity;
            const judged = { ...f, severity, blocking: severity === 'error' };
            findings.push(judged);
            const k = key(r.target.id, f.subject);
            const own = bySubject.get(k);
            if (own)
                own.push(judged);
            else
                bySubject.set(k, [judged]);
        }
    }
    const runFindings = capFields([...settings.runFindings, ...sharedSubjects(results)]);
    for (const f of runFindings)
        findings.push({ ...f, blocking: f.severity === 'error' });
    const subjects = results.flatMap((r) => r.subjects.map((s) => {
        const own = bySubject.get(key(r.target.id, s.id)) ?? [];
        const outcome = own.some((f) => f.blocking)
            ? 'blocking'
            : own.some((f) => f.severity !== 'notice')
                ? 'problem'
                : s.outcome;
        return { ...s, outcome };
    }));
    const counts = {
        targets: targets.length,
        subjects: subjects.length,
        pass: subjects.filter((s) => s.outcome === 'pass').length,
        problem: subjects.filter((s) => s.outcome === 'problem').length,
        blocking: subjects.filter((s) => s.outcome === 'blocking').length,
        skipped: subjects.filter((s) => s.outcome === 'skipped').length,
        errors: findings.filter((f) => f.severity === 'error').length,
        warnings: findings.filter((f) => f.severity === 'warning').length,
        notices: findings.filter((f) => f.severity === 'notice').length,
    };
    const anyBlocking = findings.some((f) => f.blocking);
    const anyProblem = findings.some((f) => f.severity !== 'notice');
    let conclusion = 'success';
    if (anyBlocking || (settings.failOn === 'problem' && anyProblem))
        conclusion = 'failure';
    else if (anyProblem)
        conclusion = 'neutral';
    const ready = !anyProblem && subjects.length > 0 && targets.every((t) => GOOD_TERMINAL.has(t.terminal_state));
    const extensions = {};
    for (const r of results)
        if (r.extension !== undefined)
            extensions[r.target.id] = r.extension;
    return {
        report_version: '1',
        tool: { name: 'audit-gate', version: VERSION },
        generated_at: new Date().toISOString(),
        root: settings.root,
        conclusion,
        submission_ready: ready ? 'yes' : 'no',
        exit_code: conclusion === 'failure' ? 1 : 0,
        counts,
        targets,
        subjects,
        findings,
        extensions,
    };
}
/**
 * Two targets that report the same subject id (a paper's manifest listing an artifact inside a
 * nested paper dir) cannot be told apart in reports: fail closed and say which.
 */
function sharedSubjects(results) {
    const owner = new Map();
    const out = [];
    for (const r of results) {
        for (const s of new Set(r.subjects.map((x) => x.id))) {
            const first = owner.get(s);
            if (!first)
                owner.set(s, r);
            else if (first !== r)
                out.push(finding(GATE.subjectConflict, {
                    subject: 'gate',
                    message: `${first.target.path} and ${r.target.path} both report ${s}, so their results cannot be told apart.`,
                }));
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./src/verify.ts















/** The shared core of the CLI and the Action: config → discovery → packs → policy → report. */
async function verify(opts) {
    const ws = new Workspace(opts.root, opts.allowOutsideRoot);
    const runFindings = [];
    const defaultFixtures = opts.defaultFixtures !== undefined &&
        statPath(external_node_path_default().resolve(ws.root, opts.defaultFixtures)).kind === 'dir'
        ? opts.defaultFixtures
        : undefined;
    const config = effectiveConfig(ws, opts, defaultFixtures, runFindings);
    const packs = PACKS.filter((p) => (opts.packs ?? config.packs ?? PACKS.map((x) => x.id)).includes(p.id));
    const options = {
        ...(opts.assurance !== undefined ? { assurance: opts.assurance } : {}),
        ...(opts.effort !== undefined ? { effort: opts.effort } : {}),
        ...(config.assurance !== undefined ? { config_assurance: config.assurance } : {}),
        ...(config.effort !== undefined ? { config_effort: config.effort } : {}),
        ...(config.trace?.min_supports !== undefined
            ? { min_supports: config.trace.min_supports }
            : {}),
        // Options given explicitly (CLI flags) win over the config file.
        ...(opts.packOptions ?? {}),
    };
    const hasher = new Hasher();
    const ctx = { workspace: ws, hasher, options };
    // Helper threads boot while the repository is walked; verifyTargets closes them. A named
    // directory checked as it is (aris <paper-dir>) is one target: no helpers.
    const workers = opts.exact ? undefined : VerifyWorkers.start(ctx);
    const results = [];
    try {
        const planned = planTargets(ws, packs, opts.paths ?? config.paths, config.exclude ?? [], runFindings, opts.exact ?? false);
        results.push(...(await verifyTargets(planned, ctx, opts.onProgress, workers)));
        const fixtureDir = opts.fixtures ?? config.fixtures ?? defaultFixtures;
        if (fixtureDir !== undefined) {
            const dir = fixtureDirectory(ws, fixtureDir);
            if (!dir.ok)
                runFindings.push(dir.finding);
            else
                results.push(...(await runFixtures(dir.abs, {
                    packs: PACKS,
                    knownCodes: new Set(allCodes().map((c) => c.code)),
                    workspace: ws,
                    onProgress: opts.onProgress,
                })));
        }
    }
    finally {
        await workers?.close(); // already closed by verifyTargets unless discovery threw
        await hasher.close();
    }
    const allowEmpty = opts.allowEmpty ?? config.allow_empty ?? false;
    if (!allowEmpty && results.every((r) => r.subjects.length === 0)) {
        runFindings.push(finding(GATE.nothingVerified, {
            subject: 'gate',
            message: `Nothing was verified under ${ws.root}: no paper audit artifacts, runs or fixtures were found.`,
            ...(opts.emptyRemediation ? { remediation: opts.emptyRemediation } : {}),
        }));
    }
    return decide(results, {
        root: ws.root,
        failOn: opts.failOn ?? config.fail_on ?? 'blocking',
        runFindings,
    });
}
/**
 * The config that applies. The checkout's config (untrusted) applies fully unless the workflow
 * pinned the assurance; then its keys that would weaken the gate are dropped and reported. A
 * config from the workflow (a file outside the checkout, or inline JSON) always applies fully.
 */
function effectiveConfig(ws, opts, defaultFixtures, runFindings) {
    const loaded = loadConfig(ws, {
        root: opts.root,
        ...(opts.config !== undefined ? { file: opts.config } : {}),
        ...(opts.configJson !== undefined ? { json: opts.configJson } : {}),
    });
    if (!loaded.ok) {
        const name = loaded.path !== undefined ? ws.rel(loaded.path) : 'from the config-json input';
        runFindings.push(finding(loaded.refused ? GATE.configRefused : GATE.configInvalid, {
            subject: 'gate',
            message: `Config ${name}: ${loaded.message}.`,
            ...(loaded.path !== undefined
                ? {
                    location: loaded.line
                        ? { path: ws.rel(loaded.path), line: loaded.line }
                        : { path: ws.rel(loaded.path) },
                }
                : {}),
        }));
        return {};
    }
    if (loaded.trusted || opts.assurance === undefined)
        return loaded.config;
    // An assurance that is not understood fails closed, as it does for the papers.
    const pinned = isAssurance(opts.assurance) ? opts.assurance : 'submission';
    const { config, ignored } = withoutLoosening(loaded.config, {
        assurance: pinned,
        ...(opts.effort !== undefined ? { effort: opts.effort } : {}),
        ...(opts.paths !== undefined ? { paths: opts.paths } : {}),
        ...(opts.packs !== undefined ? { packs: opts.packs } : {}),
        ...(opts.allowEmpty !== undefined ? { allowEmpty: opts.allowEmpty } : {}),
        ...(opts.fixtures !== undefined ? { fixtures: opts.fixtures } : {}),
        ...(defaultFixtures !== undefined ? { defaultFixtures } : {}),
        allPacks: PACKS.map((p) => p.id),
    });
    if (ignored.length > 0 && loaded.path !== undefined) {
        const rel = ws.rel(loaded.path);
        const [first, ...rest] = ignored.map((k) => ({ path: rel, line: loaded.lineOf(k.key) }));
        runFindings.push(finding(GATE.configKeyIgnored, {
            subject: 'gate',
            message: `The workflow pins assurance to ${pinned}, so the checkout's config ${rel} may not weaken the gate. Ignored: ${ignored.map((k) => `"${k.key.join('.')}" (${k.why})`).join('; ')}.`,
            location: located(first),
            related: rest.map(located),
        }));
    }
    return config;
}
function located(l) {
    return l.line !== undefined ? { path: l.path, line: l.line } : { path: l.path };
}
/** The fixture directory, which must really lie inside the workspace: it is not walked otherwise. */
function fixtureDirectory(ws, dir) {
    const r = ws.resolve(ws.root, dir);
    const problem = !r.ok
        ? r.reason === 'outside_root'
            ? 'leads outside the workspace'
            : r.reason === 'missing'
                ? 'does not exist'
                : 'cannot be read'
        : statPath(r.real).kind !== 'dir'
            ? 'is not a directory'
            : undefined;
    if (r.ok && problem === undefined)
        return { ok: true, abs: r.abs };
    // The message names the directory as given, never where a symlink leads.
    return {
        ok: false,
        finding: finding(GATE.targetNotFound, {
            subject: 'gate',
            message: `Fixture directory ${dir} ${problem}; it was not read.`,
            remediation: 'Name a fixture directory inside the workspace (the fixtures input, --fixtures or the config), or turn fixtures off (fixtures: none).',
        }),
    };
}
function planTargets(ws, packs, paths, exclude, runFindings, exact) {
    const planned = [];
    const seen = new Set();
    const add = (pack, dir) => {
        const key = `${pack.id}\0${dir}`;
        if (!seen.has(key)) {
            seen.add(key);
            planned.push({ pack, dir });
        }
    };
    const roots = paths ?? ['.'];
    for (const p of roots) {
        const r = ws.resolve(ws.root, p);
        if (!r.ok || !external_node_fs_default().statSync(r.real).isDirectory()) {
            runFindings.push(finding(GATE.targetNotFound, {
                subject: 'gate',
                message: `Path "${p}" ${r.ok ? 'is not a directory' : r.detail}.`,
            }));
            continue;
        }
        if (exact) {
            for (const pack of packs)
                add(pack, r.abs);
            continue;
        }
        const { dirs, unknown } = walkRepository(r.abs, exclude);
        for (const u of unknown)
            runFindings.push(finding(GATE.gitIndexUnreadable, {
                subject: 'gate',
                message: `What git tracks under ${ws.rel(u.dir)} is unknown (${u.detail}), so its .gitignore files were not trusted: everything there was searched for audits and runs.`,
            }));
        let found = 0;
        for (const pack of packs) {
            for (const dir of pack.discover(dirs)) {
                add(pack, dir);
                found++;
            }
        }
        // An explicitly named directory in which nothing was discovered is still a paper dir:
        // its audits may all be missing, which is exactly what the gate must catch.
        const aris = packs.find((x) => x.id === 'aris');
        if (paths && found === 0 && aris)
            add(aris, r.abs);
    }
    return planned;
}

;// CONCATENATED MODULE: ./src/cli-help.ts

const help = { type: 'boolean', short: 'h', help: 'show this help' };
const progress = {
    type: 'boolean',
    help: 'print progress to stderr (always on when stderr is a terminal)',
};
const allowOutsideRoot = {
    type: 'boolean',
    help: 'read inputs and traces outside the root too (local use only)',
};
const textOrJson = {
    type: 'string',
    value: 'text|json',
    help: 'stdout format (default text)',
};
const out = {
    type: 'string',
    value: 'FILE',
    help: 'write the JSON report to FILE; stdout keeps the text summary',
};
const COMMANDS = {
    aris: {
        usage: 'audit-gate aris <paper-dir> [options]',
        about: 'Verify one paper directory (drop-in replacement for verify_paper_audits.sh). Writes <paper-dir>/.aris/audit-verifier-report.json; the summary goes to stderr.',
        options: {
            assurance: {
                type: 'string',
                value: 'draft|submission',
                help: 'what problems block (default: .aris/assurance.txt, else --effort, else draft)',
            },
            effort: {
                type: 'string',
                value: 'lite|balanced|max|beast',
                help: 'implies an assurance when none is given (max, beast: submission)',
            },
            'json-out': {
                type: 'string',
                value: 'FILE',
                help: 'write the legacy report to FILE instead',
            },
            format: { ...textOrJson, help: 'json also prints the legacy report on stdout' },
            root: {
                type: 'string',
                value: 'DIR',
                help: 'workspace nothing is read outside of (default: the git top level)',
            },
            'allow-outside-root': allowOutsideRoot,
            progress,
            help,
        },
    },
    verify: {
        usage: 'audit-gate verify [PATH...] [options]',
        about: 'Discover and verify every paper, run and fixture under the root (or the PATHs given), in one report.',
        options: {
            root: { type: 'string', value: 'DIR', help: 'repository root to discover under (default .)' },
            config: {
                type: 'string',
                value: 'FILE',
                help: 'config file (default: .audit-gate.json at the root, when present)',
            },
            format: textOrJson,
            out,
            assurance: {
                type: 'string',
                value: 'draft|submission',
                help: "assurance for every paper, over each paper's .aris/assurance.txt",
            },
            effort: {
                type: 'string',
                value: 'lite|balanced|max|beast',
                help: 'implies an assurance for papers that state none',
            },
            fixtures: { type: 'string', value: 'DIR', help: 'also run the conformance fixtures in DIR' },
            'fail-on': {
                type: 'string',
                value: 'blocking|problem',
                help: 'what fails the run: blocking findings (default) or any problem',
            },
            'allow-empty': { type: 'boolean', help: 'succeed when nothing was found to verify' },
            'allow-outside-root': allowOutsideRoot,
            progress,
            help,
        },
    },
    trace: {
        usage: 'audit-gate trace <run-dir | artifacts-root>... [options]',
        about: 'Verify evidence-grounded run traces (…/runs/<run_id>/).',
        options: {
            format: {
                type: 'string',
                value: 'text|json|verification-report',
                help: "stdout format (default text); verification-report is the producer's shape",
            },
            out: {
                type: 'string',
                value: 'FILE',
                help: 'write the JSON report to FILE; stdout keeps the text summary (verification-report: that report, also written beside FILE)',
            },
            'min-supports': {
                type: 'string',
                value: 'N',
                help: 'minimum evidence supports per derived claim (default 2)',
            },
            root: {
                type: 'string',
                value: 'DIR',
                help: 'workspace nothing is read outside of (default: the git top level)',
            },
            'allow-outside-root': allowOutsideRoot,
            progress,
            help,
        },
    },
    fixtures: {
        usage: 'audit-gate fixtures [DIR] [options]',
        about: 'Run the conformance fixtures in DIR (default conformance/): each must emit exactly its expected codes.',
        options: {
            format: textOrJson,
            out,
            root: { type: 'string', value: 'DIR', help: 'workspace root (default: DIR)' },
            progress,
            help,
        },
    },
};
const EXIT_CODES = 'Exit codes: 0 nothing blocks · 1 something blocks (or nothing was verified) · 2 bad arguments.';
function flag(name, o) {
    return `${o.short ? `-${o.short}, ` : '    '}--${name}${o.value ? ` ${o.value}` : ''}`;
}
/** `audit-gate <command> --help`: the usage line, what it does, one line per option. */
function commandHelp(name) {
    const c = COMMANDS[name];
    const rows = Object.entries(c.options).map(([n, o]) => [flag(n, o), o.help]);
    const width = Math.max(...rows.map(([f]) => f.length));
    return [
        `Usage: ${c.usage}`,
        '',
        c.about,
        '',
        'Options:',
        ...rows.map(([f, h]) => `  ${f.padEnd(width)}  ${h}`),
        '',
        EXIT_CODES,
        '',
    ].join('\n');
}
/** `audit-gate --help`: every command in one line each. */
function overviewHelp() {
    const names = Object.keys(COMMANDS);
    const width = Math.max(...names.map((n) => n.length));
    return [
        `audit-gate ${VERSION}: verify machine-written audit verdicts and gate on them.`,
        '',
        'Usage: audit-gate <command> [options]   (audit-gate <command> --help for its options)',
        '',
        'Commands:',
        ...names.map((n) => `  ${n.padEnd(width)}  ${COMMANDS[n].about.split('. ')[0].replace(/\.$/, '')}`),
        '',
        EXIT_CODES,
        'Docs: README.md (commands, report format, codes).',
        '',
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/cli.ts














class UsageError extends Error {
}
async function runCli(argv, io) {
    const [command, ...rest] = argv;
    try {
        switch (command) {
            case 'aris':
                return await arisCommand(rest, io);
            case 'verify':
                return await verifyCommand(rest, io);
            case 'fixtures':
                return await fixturesCommand(rest, io);
            case 'trace':
                return await traceCommand(rest, io);
            case '--version':
            case '-v':
                io.stdout(`${VERSION}\n`);
                return 0;
            case undefined:
            case 'help':
            case '--help':
            case '-h':
                io.stdout(overviewHelp());
                return command === undefined ? 2 : 0;
            default:
                throw new UsageError(`unknown command "${command}"`);
        }
    }
    catch (err) {
        if (err instanceof UsageError ||
            err.code?.startsWith('ERR_PARSE_ARGS')) {
            const help = command && command in COMMANDS ? `audit-gate ${command} --help` : 'audit-gate --help';
            io.stderr(`audit-gate: ${err.message}\nRun "${help}" for usage.\n`);
            return 2;
        }
        if (err instanceof WriteRefused) {
            io.stderr(`audit-gate: ${err.message}.\n`);
            return 1;
        }
        io.stderr(`audit-gate: internal error: ${errorText(err)}\n`);
        return 1;
    }
}
/** Parses a command's arguments with the options its help lists (src/cli-help.ts). */
function cli_parse(options, args) {
    return (0,external_node_util_namespaceObject.parseArgs)({ args, options, allowPositionals: true, strict: true });
}
function format(v) {
    if (v === undefined || v === 'text')
        return 'text';
    if (v === 'json')
        return 'json';
    throw new UsageError(`--format must be text or json, not "${String(v)}"`);
}
function cli_progress(io, enabled) {
    return enabled || io.isTTY ? (m) => io.stderr(`… ${plain(m)}\n`) : undefined;
}
/** `dirs` relative to `root`, which must be a directory holding them (unless allowed outside). */
function insideRoot(root, given, dirs, allowOutside) {
    if (!external_node_fs_default().existsSync(root) || !external_node_fs_default().statSync(root).isDirectory())
        throw new UsageError(`root not found: ${given ?? root}`);
    const rel = dirs.map((d) => external_node_path_default().relative(root, d) || '.');
    const outside = rel.find((r) => r.startsWith('..') || external_node_path_default().isAbsolute(r));
    if (outside !== undefined && !allowOutside)
        throw new UsageError(`${outside} is outside the root ${root} (use --root)`);
    return rel;
}
/** The git top level containing `dir`, else `fallback`. */
function gitTopLevel(dir, fallback) {
    for (let d = external_node_path_default().resolve(dir);; d = external_node_path_default().dirname(d)) {
        if (external_node_fs_default().existsSync(external_node_path_default().join(d, '.git')))
            return d;
        if (external_node_path_default().dirname(d) === d)
            return fallback;
    }
}
async function arisCommand(args, io) {
    const { values, positionals } = cli_parse(COMMANDS.aris.options, args);
    if (values.help) {
        io.stdout(commandHelp('aris'));
        return 0;
    }
    const fmt = format(values.format);
    if (positionals.length !== 1)
        throw new UsageError(positionals.length
            ? `unexpected argument "${positionals[1]}"`
            : 'usage: audit-gate aris <paper-dir>');
    const paperDir = external_node_path_default().resolve(io.cwd, positionals[0]);
    if (!external_node_fs_default().existsSync(paperDir) || !external_node_fs_default().statSync(paperDir).isDirectory())
        throw new UsageError(`paper-dir not found: ${positionals[0]}`);
    if (values.assurance !== undefined && !isAssurance(values.assurance)) {
        throw new UsageError(`invalid --assurance: ${values.assurance} (expected ${ASSURANCES.join(' or ')})`);
    }
    if (values.effort !== undefined && !isEffort(values.effort)) {
        throw new UsageError(`invalid --effort: ${values.effort} (expected ${EFFORTS.join(', ')})`);
    }
    const root = values.root
        ? external_node_path_default().resolve(io.cwd, values.root)
        : gitTopLevel(paperDir, io.cwd.startsWith(paperDir) ? paperDir : external_node_path_default().dirname(paperDir));
    const [paperRel] = insideRoot(root, values.root, [paperDir], values['allow-outside-root']);
    if (values.assurance === undefined) {
        // As before: an assurance.txt that is not draft or submission is a bad argument.
        const file = readAssuranceFile(new Workspace(root, values['allow-outside-root']), paperDir);
        const where = external_node_path_default().join(paperDir, ASSURANCE_PATH);
        if (file.state === 'unreadable')
            throw new UsageError(`invalid assurance in ${where}: the file ${file.detail}`);
        const v = file.state === 'text' ? file.text.replace(/\s+/g, '') : undefined;
        if (v !== undefined && !isAssurance(v)) {
            throw new UsageError(`invalid assurance in ${where}: ${quoteValue(v)} (expected draft or submission)`);
        }
    }
    const report = await verify({
        root,
        config: undefined,
        paths: [paperRel],
        packs: ['aris'],
        exact: true, // the named dir is the paper, whatever lies inside it
        ...(values.assurance !== undefined ? { assurance: values.assurance } : {}),
        ...(values.effort !== undefined ? { effort: values.effort } : {}),
        allowOutsideRoot: values['allow-outside-root'] ?? false,
        onProgress: cli_progress(io, values.progress),
    });
    const target = report.targets.find((t) => t.pack === 'aris');
    if (!target) {
        io.stderr(renderText(report));
        return 1;
    }
    const legacy = renderArisReport(report, target.id);
    legacy.paper_dir = paperDir;
    const jsonOut = values['json-out']
        ? external_node_path_default().resolve(io.cwd, values['json-out'])
        : external_node_path_default().join(paperDir, '.aris', 'audit-verifier-report.json');
    const json = JSON.stringify(legacy, null, 2) + '\n';
    // The default location is inside the (untrusted) paper dir: it must really stay in the root.
    writeReportFile(jsonOut, json, values['json-out'] ? undefined : root);
    if (fmt === 'json')
        io.stdout(json);
    else
        io.stderr(renderText(report) + `report: ${jsonOut}\n`);
    return report.exit_code;
}
async function verifyCommand(args, io) {
    const { values, positionals } = cli_parse(COMMANDS.verify.options, args);
    if (values.help) {
        io.stdout(commandHelp('verify'));
        return 0;
    }
    const fmt = format(values.format);
    if (values.assurance !== undefined && !isAssurance(values.assurance))
        throw new UsageError(`invalid --assurance: ${values.assurance}`);
    if (values.effort !== undefined && !isEffort(values.effort))
        throw new UsageError(`invalid --effort: ${values.effort}`);
    const failOn = values['fail-on'];
    if (failOn !== undefined && failOn !== 'blocking' && failOn !== 'problem')
        throw new UsageError(`--fail-on must be blocking or problem`);
    const root = external_node_path_default().resolve(io.cwd, values.root ?? '.');
    if (!external_node_fs_default().existsSync(root) || !external_node_fs_default().statSync(root).isDirectory())
        throw new UsageError(`root not found: ${values.root ?? '.'}`);
    const report = await verify({
        root,
        ...(values.config !== undefined ? { config: external_node_path_default().resolve(io.cwd, values.config) } : {}),
        ...(positionals.length
            ? { paths: positionals.map((p) => external_node_path_default().relative(root, external_node_path_default().resolve(io.cwd, p)) || '.') }
            : {}),
        ...(values.assurance !== undefined ? { assurance: values.assurance } : {}),
        ...(values.effort !== undefined ? { effort: values.effort } : {}),
        ...(values.fixtures !== undefined
            ? { fixtures: external_node_path_default().relative(root, external_node_path_default().resolve(io.cwd, values.fixtures)) || '.' }
            : {}),
        ...(failOn !== undefined ? { failOn } : {}),
        allowEmpty: values['allow-empty'] ?? undefined,
        emptyRemediation: 'Point audit-gate at the paper or run directories (PATH arguments, or paths in .audit-gate.json), or pass --allow-empty if an empty run is expected.',
        allowOutsideRoot: values['allow-outside-root'] ?? false,
        onProgress: cli_progress(io, values.progress),
    });
    return emit(report, fmt, values.out, io);
}
async function fixturesCommand(args, io) {
    const { values, positionals } = cli_parse(COMMANDS.fixtures.options, args);
    if (values.help) {
        io.stdout(commandHelp('fixtures'));
        return 0;
    }
    const fmt = format(values.format);
    const dir = external_node_path_default().resolve(io.cwd, positionals[0] ?? 'conformance');
    if (!external_node_fs_default().existsSync(dir) || !external_node_fs_default().statSync(dir).isDirectory())
        throw new UsageError(`fixture directory not found: ${positionals[0] ?? 'conformance'}`);
    const root = values.root ? external_node_path_default().resolve(io.cwd, values.root) : dir;
    const report = await verify({
        root,
        paths: [],
        fixtures: external_node_path_default().relative(root, dir) || '.',
        emptyRemediation: 'Point audit-gate fixtures at a directory of conformance fixtures (<pack>/<fixture_id>/fixture.json, as in conformance/).',
        onProgress: cli_progress(io, values.progress),
    });
    return emit(report, fmt, values.out, io);
}
/**
 * Prints the report in `fmt`; with `out`, the JSON report goes to that file and stdout keeps the
 * text summary (and says where the report is), whatever the format.
 */
function emit(report, fmt, out, io) {
    const json = JSON.stringify(report, null, 2) + '\n';
    if (out) {
        const file = external_node_path_default().resolve(io.cwd, out);
        writeReportFile(file, json);
        io.stdout(renderText(report) + `report: ${plain(file)}\n`);
    }
    else
        io.stdout(fmt === 'json' ? json : renderText(report));
    return report.exit_code;
}
/**
 * `audit-gate trace <run-dir | artifacts-root>...`: verifies run directories (artifacts/runs/<id>/)
 * with the shared pipeline, so reports and exit codes are those of `verify`. With
 * --format verification-report, stdout gets the producer-compatible VerificationReport (one object
 * for one run, an array for several); --out FILE writes our report, and then the
 * VerificationReport goes beside it as FILE.verification-report.json.
 */
async function traceCommand(args, io) {
    const { values, positionals } = cli_parse(COMMANDS.trace.options, args);
    if (values.help) {
        io.stdout(commandHelp('trace'));
        return 0;
    }
    const fmt = values.format ?? 'text';
    if (fmt !== 'text' && fmt !== 'json' && fmt !== 'verification-report') {
        throw new UsageError(`--format must be text, json or verification-report, not "${fmt}"`);
    }
    if (positionals.length === 0)
        throw new UsageError('usage: audit-gate trace <run-dir | artifacts-root>...');
    const ms = values['min-supports'];
    if (ms !== undefined && !/^\d+$/.test(ms))
        throw new UsageError(`--min-supports must be a whole number, not "${ms}"`);
    const dirs = positionals.map((p) => {
        const abs = external_node_path_default().resolve(io.cwd, p);
        if (!external_node_fs_default().existsSync(abs) || !external_node_fs_default().statSync(abs).isDirectory())
            throw new UsageError(`run directory or artifacts root not found: ${p}`);
        return abs;
    });
    const first = dirs[0];
    const root = values.root
        ? external_node_path_default().resolve(io.cwd, values.root)
        : gitTopLevel(first, io.cwd.startsWith(first) || first.startsWith(io.cwd + (external_node_path_default()).sep) ? io.cwd : first);
    const rel = insideRoot(root, values.root, dirs, values['allow-outside-root']);
    const report = await verify({
        root,
        paths: rel,
        packs: ['trace'],
        ...(ms !== undefined ? { packOptions: { min_supports: Number(ms) } } : {}),
        emptyRemediation: 'Point audit-gate trace at a run directory (…/runs/<run_id>/ holding trace.jsonl) or at a directory holding runs/.',
        allowOutsideRoot: values['allow-outside-root'] ?? false,
        onProgress: cli_progress(io, values.progress),
    });
    if (fmt !== 'verification-report')
        return emit(report, fmt, values.out, io);
    const reports = renderVerificationReports(report);
    const vr = JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2) + '\n';
    if (values.out) {
        const out = external_node_path_default().resolve(io.cwd, values.out);
        writeReportFile(out, JSON.stringify(report, null, 2) + '\n');
        writeReportFile(`${out.replace(/\.json$/, '')}.verification-report.json`, vr);
    }
    io.stdout(vr);
    if (reports.length === 0)
        io.stderr(renderText(report));
    return report.exit_code;
}

;// CONCATENATED MODULE: ./src/bin.ts


/**
 * A writer to stdout or stderr that goes quiet once the reader has gone (`verify --format json |
 * head -1` closes the pipe): the run still finishes and exits with its own code, with no EPIPE
 * stack trace.
 */
function writer(stream) {
    let closed = false;
    stream.on('error', (err) => {
        if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED')
            closed = true;
        else
            throw err;
    });
    return (s) => {
        if (!closed)
            stream.write(s);
    };
}
allowWorkers(import.meta.url);
if (isVerifyWorker())
    runVerifyWorker();
else {
    const stderr = writer(process.stderr);
    runCli(process.argv.slice(2), {
        stdout: writer(process.stdout),
        stderr,
        cwd: process.cwd(),
        isTTY: Boolean(process.stderr.isTTY),
    }).then((code) => {
        process.exitCode = code;
    }, (err) => {
        stderr(`audit-gate: internal error: ${String(err)}\n`);
        process.exitCode = 1;
    });
}

