//! Command-line front end of `strata-check`, accepting FileCheck's options
//! in LLVM `cl` style: one or two leading dashes, values after `=` or in
//! the next argument (`--check-prefix=X`, `-check-prefix X`), `-DNAME=VALUE`
//! (also `-D NAME=VALUE`), boolean flags optionally followed by `=true` or
//! `=false`, and extra options from the `FILECHECK_OPTS` environment
//! variable (placed before the real arguments, as FileCheck does).

use std::io::{Read, Write};

use super::{DumpInput, DumpInputFilter, FileCheck, Options, DUMP_INPUT_HELP};

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Check `input_file` (`-` is stdin) against `check_file`.
    Check { options: Options, check_file: String, input_file: String },
    /// `--dump-input=help`.
    DumpInputHelp,
    /// `--help`.
    Help,
    /// `--version`.
    Version,
}

/// A command-line error; the binary prints `message` and exits with 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError {
    pub message: String,
}

const USAGE: &str = "\
OVERVIEW: strata-check, a FileCheck-compatible pattern checker

USAGE: strata-check [options] <check-file>

Reads the input from --input-file (default: standard input) and verifies
it against the CHECK directives of <check-file>.

OPTIONS:
  --allow-deprecated-dag-overlap  Allow overlapping CHECK-DAG matches
  --allow-empty                   Allow the input file to be empty
  --allow-unused-prefixes         Allow prefixes that are never used
  --check-prefix=<prefix>         Prefix to use from the check file (default CHECK)
  --check-prefixes=<p1,p2,...>    Comma-separated list of check prefixes
  --comment-prefixes=<p1,...>     Comment prefixes (default COM,RUN)
  -D<VAR=VALUE>                   Define a string variable (or -D#VAR=EXPR numeric)
  --dump-input=<value>            help|always|fail|never (default fail)
  --dump-input-context=<N>        Context lines around filtered dump lines
  --dump-input-filter=<value>     all|annotation-full|annotation|error
  --enable-var-scope              CHECK-LABEL clears non-$ variables
  --ignore-case                   Case-insensitive matching
  --implicit-check-not=<pattern>  Add an implicit CHECK-NOT (repeatable)
  --input-file=<file>             File to check (default: stdin)
  --match-full-lines              Require patterns to match whole lines
  --strict-whitespace             Do not canonicalize horizontal whitespace
  -v, -vv                         Report good matches / everything
  --help                          Show this help
  --version                       Show the version

Exit status: 0 success, 1 check failure, 2 invalid check file or usage.
";

fn parse_bool(name: &str, value: Option<&str>) -> Result<bool, UsageError> {
    match value {
        None => Ok(true),
        Some("true" | "TRUE" | "True" | "1") => Ok(true),
        Some("false" | "FALSE" | "False" | "0") => Ok(false),
        Some(v) => Err(UsageError {
            message: format!("for the --{} option: '{}' is invalid value for boolean argument! Try 0 or 1", name, v),
        }),
    }
}

/// Splits `FILECHECK_OPTS` into arguments (whitespace separated, with
/// single/double quotes and backslash escapes).
pub fn tokenize_env(s: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut cur = String::new();
    let mut in_token = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_token = true;
            }
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_token = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_token {
                    args.push(std::mem::take(&mut cur));
                    in_token = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_token = true;
            }
        }
    }
    if in_token {
        args.push(cur);
    }
    args
}

/// Parses the arguments after the program name.
pub fn parse_args(args: &[String]) -> Result<Command, UsageError> {
    let mut opts = Options::default();
    let mut positional: Vec<String> = Vec::new();
    let mut input_file: Option<String> = None;
    let mut dump_inputs: Vec<DumpInput> = Vec::new();
    let mut dump_filters: Vec<DumpInputFilter> = Vec::new();
    let mut dump_contexts: Vec<usize> = Vec::new();
    let mut help = false;
    let mut version = false;

    let mut i = 0;
    let mut only_positional = false;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if only_positional || arg == "-" || !arg.starts_with('-') {
            positional.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positional = true;
            continue;
        }
        let body = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        // -D is a prefix option: -DNAME=VALUE, -D#NAME=EXPR or -D NAME=VALUE.
        if let Some(rest) = body.strip_prefix('D') {
            let value = if rest.is_empty() {
                match args.get(i) {
                    Some(v) => {
                        i += 1;
                        v.clone()
                    }
                    None => return Err(UsageError { message: "for the -D option: requires a value!".to_string() }),
                }
            } else {
                rest.to_string()
            };
            opts.defines.push(value);
            continue;
        }
        let (name, inline_value) = match body.find('=') {
            Some(p) => (&body[..p], Some(&body[p + 1..])),
            None => (body, None),
        };
        let takes_value = matches!(
            name,
            "check-prefix"
                | "check-prefixes"
                | "comment-prefixes"
                | "input-file"
                | "implicit-check-not"
                | "dump-input"
                | "dump-input-filter"
                | "dump-input-context"
        );
        let value: Option<String> = if takes_value {
            match inline_value {
                Some(v) => Some(v.to_string()),
                None => match args.get(i) {
                    Some(v) => {
                        i += 1;
                        Some(v.clone())
                    }
                    None => {
                        return Err(UsageError { message: format!("for the --{} option: requires a value!", name) })
                    }
                },
            }
        } else {
            None
        };
        let value_str = value.clone().unwrap_or_default();
        match name {
            "check-prefix" => opts.check_prefixes.push(value_str),
            "check-prefixes" => opts.check_prefixes.extend(value_str.split(',').map(str::to_string)),
            "comment-prefixes" => opts.comment_prefixes.extend(value_str.split(',').map(str::to_string)),
            "input-file" => input_file = Some(value_str),
            "implicit-check-not" => opts.implicit_check_not.push(value_str),
            "dump-input" => dump_inputs.push(match value_str.as_str() {
                "help" => DumpInput::Help,
                "always" => DumpInput::Always,
                "fail" => DumpInput::Fail,
                "never" => DumpInput::Never,
                v => {
                    return Err(UsageError {
                        message: format!("for the --dump-input option: Cannot find option named '{}'!", v),
                    })
                }
            }),
            "dump-input-filter" => dump_filters.push(match value_str.as_str() {
                "all" => DumpInputFilter::All,
                "annotation-full" => DumpInputFilter::AnnotationFull,
                "annotation" => DumpInputFilter::Annotation,
                "error" => DumpInputFilter::Error,
                v => {
                    return Err(UsageError {
                        message: format!("for the --dump-input-filter option: Cannot find option named '{}'!", v),
                    })
                }
            }),
            "dump-input-context" => match value_str.parse::<usize>() {
                Ok(n) => dump_contexts.push(n),
                Err(_) => {
                    return Err(UsageError {
                        message: format!(
                            "for the --dump-input-context option: '{}' value invalid for uint argument!",
                            value_str
                        ),
                    })
                }
            },
            "strict-whitespace" => opts.strict_whitespace = parse_bool(name, inline_value)?,
            "match-full-lines" => opts.match_full_lines = parse_bool(name, inline_value)?,
            "allow-empty" => opts.allow_empty = parse_bool(name, inline_value)?,
            "ignore-case" => opts.ignore_case = parse_bool(name, inline_value)?,
            "enable-var-scope" => opts.enable_var_scope = parse_bool(name, inline_value)?,
            "allow-unused-prefixes" => opts.allow_unused_prefixes = parse_bool(name, inline_value)?,
            "allow-deprecated-dag-overlap" => opts.allow_deprecated_dag_overlap = parse_bool(name, inline_value)?,
            "v" => opts.verbose = parse_bool(name, inline_value)?,
            "vv" => opts.verbose_verbose = parse_bool(name, inline_value)?,
            "color" => {
                parse_bool(name, inline_value)?;
            }
            "help" | "h" => help = true,
            "version" => version = true,
            _ => return Err(UsageError { message: format!("Unknown command line argument '{}'.", arg) }),
        }
    }

    if help {
        return Ok(Command::Help);
    }
    if version {
        return Ok(Command::Version);
    }
    if positional.len() > 1 {
        return Err(UsageError {
            message: "Too many positional arguments specified!\nCan specify at most 1 positional arguments".to_string(),
        });
    }
    opts.dump_input = dump_inputs.iter().copied().max().unwrap_or(DumpInput::Fail);
    opts.dump_input_filter = dump_filters.iter().copied().max();
    opts.dump_input_context = dump_contexts.iter().copied().max().unwrap_or(5);
    if opts.dump_input == DumpInput::Help {
        return Ok(Command::DumpInputHelp);
    }
    let check_file = match positional.pop() {
        Some(f) => f,
        None => return Err(UsageError { message: "<check-file> not specified".to_string() }),
    };
    Ok(Command::Check { options: opts, check_file, input_file: input_file.unwrap_or_else(|| "-".to_string()) })
}

fn io_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(p) => s[..p].to_string(),
        None => s,
    }
}

fn read_source(name: &str, stdin: &mut dyn Read) -> std::io::Result<Vec<u8>> {
    if name == "-" {
        let mut buf = Vec::new();
        stdin.read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(name)
    }
}

/// Runs strata-check with `args` (including the program name) and the
/// value of `FILECHECK_OPTS`, returning the exit status.
///
/// The work happens on a thread with a large stack so that pathological
/// check files (deeply nested expressions) cannot overflow it.
pub fn run_cli(
    args: &[String],
    env_opts: Option<&str>,
    stdin: &mut (dyn Read + Send),
    stdout: &mut (dyn Write + Send),
    stderr: &mut (dyn Write + Send),
) -> i32 {
    let result = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("strata-check".to_string())
            .stack_size(256 << 20)
            .spawn_scoped(scope, || run_cli_inner(args, env_opts, stdin, stdout, stderr))
            .map(|h| h.join())
    });
    match result {
        Ok(Ok(code)) => code,
        // Could not spawn (or the worker died): report an internal error.
        _ => 2,
    }
}

fn run_cli_inner(
    args: &[String],
    env_opts: Option<&str>,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let prog = args
        .first()
        .map(|a| std::path::Path::new(a).file_name().map_or(a.clone(), |f| f.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "strata-check".to_string());
    let mut all: Vec<String> = env_opts.map(tokenize_env).unwrap_or_default();
    all.extend(args.iter().skip(1).cloned());

    let command = match parse_args(&all) {
        Ok(c) => c,
        Err(e) => {
            if e.message == "<check-file> not specified" {
                let _ = writeln!(stderr, "{}", e.message);
            } else {
                let _ = writeln!(stderr, "{}: {}", prog, e.message);
                let _ = writeln!(stderr, "Try: '{} --help'", prog);
            }
            return 2;
        }
    };
    let (mut options, check_file, input_file) = match command {
        Command::Help => {
            let _ = stdout.write_all(USAGE.as_bytes());
            return 0;
        }
        Command::Version => {
            let _ = writeln!(stdout, "strata-check {} (FileCheck-compatible)", env!("CARGO_PKG_VERSION"));
            return 0;
        }
        Command::DumpInputHelp => {
            let _ = stdout.write_all(DUMP_INPUT_HELP.as_bytes());
            return 0;
        }
        Command::Check { options, check_file, input_file } => (options, check_file, input_file),
    };
    options.command_line = args.to_vec();

    let check_text = match read_source(&check_file, stdin) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(stderr, "Could not open check file '{}': {}", check_file, io_message(&e));
            return 2;
        }
    };
    let fc = match FileCheck::new(&options, &check_file, &check_text) {
        Ok(fc) => fc,
        Err(report) => {
            let _ = stderr.write_all(&report.stderr);
            return report.exit_code;
        }
    };
    let input = match read_source(&input_file, stdin) {
        Ok(t) => t,
        Err(e) => {
            let shown = if input_file == "-" { "<stdin>" } else { input_file.as_str() };
            let _ = writeln!(stderr, "Could not open input file '{}': {}", shown, io_message(&e));
            return 2;
        }
    };
    let report = fc.check(&input_file, &input);
    let _ = stderr.write_all(&report.stderr);
    let _ = stderr.flush();
    report.exit_code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn option_forms() {
        let c = parse_args(&args(&[
            "-check-prefix",
            "A",
            "--check-prefixes=B,C",
            "-DX=1",
            "-D",
            "Y=2",
            "--input-file",
            "in.txt",
            "--strict-whitespace",
            "-match-full-lines=false",
            "t.txt",
        ]))
        .unwrap();
        match c {
            Command::Check { options, check_file, input_file } => {
                assert_eq!(options.check_prefixes, vec!["A", "B", "C"]);
                assert_eq!(options.defines, vec!["X=1", "Y=2"]);
                assert!(options.strict_whitespace);
                assert!(!options.match_full_lines);
                assert_eq!(check_file, "t.txt");
                assert_eq!(input_file, "in.txt");
            }
            other => panic!("unexpected {:?}", other),
        }
    }

    #[test]
    fn usage_errors() {
        assert!(parse_args(&args(&["--bogus", "t"])).is_err());
        assert!(parse_args(&args(&["a", "b"])).is_err());
        assert!(parse_args(&args(&[])).is_err());
        assert!(parse_args(&args(&["--input-file"])).is_err());
        assert!(parse_args(&args(&["--dump-input=sometimes", "t"])).is_err());
    }

    #[test]
    fn env_tokens() {
        assert_eq!(
            tokenize_env(" -v  '--implicit-check-not=a b' x\\ y"),
            vec!["-v", "--implicit-check-not=a b", "x y"]
        );
    }
}
