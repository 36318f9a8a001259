//! `uhash mac`, `hash`, `verify`, `keygen` and `algs`.

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use rayon::ThreadPool;
use subtle::ConstantTimeEq;
use uhash_cli::alg::{self, Alg, Keyed, Kind};

use crate::Fail;
use crate::args::{HashArgs, IoMode, KeyArgs, KeygenArgs, MacArgs, RunArgs, VerifyArgs};
use crate::input::{self, Input, plain};
use crate::keys::{self, Key};
use crate::nonces::{self, Nonces};
use crate::{json, lines};

/// A keyed algorithm and the threads to run it on.
struct Job {
    alg: &'static Alg,
    key: Key,
    keyed: Box<dyn Keyed>,
    pool: ThreadPool,
    io: IoMode,
}

/// What a command says about its key.
struct KeySpec<'a> {
    /// `--alg`, if given.
    alg: Option<&'a str>,
    kind: Kind,
    key: &'a KeyArgs,
    /// `--clamp` (MAC commands only).
    clamp: bool,
    /// Standard input is read as an input or the list.
    stdin_taken: bool,
}

impl Job {
    fn new(spec: &KeySpec<'_>, run: &RunArgs) -> Result<Job, Fail> {
        let threads = run.thread_count().map_err(Fail::usage)?;
        let mut key = keys::load(spec.key, spec.alg, spec.kind, spec.stdin_taken)?;
        let alg = key.alg;
        if spec.clamp && !alg.fix_random_key(&mut key.bytes) {
            return Err(Fail::usage(format!(
                "--clamp applies to poly1305-aes keys only, not {}",
                alg.name
            )));
        }
        let keyed = alg.key(&key.bytes).map_err(|e| {
            let hint = if matches!(e, uhash::base::Error::InvalidKey { .. }) {
                " (make keys with 'uhash keygen --out F'; --clamp clears the 22 bits of r that \
                 the paper requires to be 0, as pycryptodome does silently)"
            } else {
                ""
            };
            Fail::input(format!("key for {}: {e}{hint}", alg.name))
        })?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Fail::input(format!("cannot start {threads} threads: {e}")))?;
        let io = match run.io {
            IoMode::Auto => input::auto_mode(alg),
            m => m,
        };
        Ok(Job {
            alg,
            key,
            keyed,
            pool,
            io,
        })
    }

    /// The tag or hash of `input` under `nonce`.
    fn digest(&self, input: &Input, nonce: &[u8]) -> Result<Vec<u8>, Fail> {
        let src = input.open()?;
        input::digest(
            &*self.keyed,
            nonce,
            src,
            &input.display(),
            self.io,
            &self.pool,
        )
    }
}

/// Checks every input before the first line is written: each exists, is
/// not a directory and can be opened.
fn preflight(inputs: &[Input]) -> Result<(), Fail> {
    for i in inputs.iter().filter(|i| !i.is_stdin()) {
        i.open()?;
    }
    Ok(())
}

/// Writes one whole line and flushes it (a line is never left half-written
/// by this process).
fn emit(out: &mut impl Write, line: &[u8]) -> Result<(), Fail> {
    out.write_all(line)
        .and_then(|()| out.flush())
        .map_err(|e| Fail::input(format!("standard output: {}", plain(&e))))
}

/// The lines of `inputs`; `Ok(false)` when some input failed (its error is
/// on stderr, it has no line).
fn produce(
    job: &Job,
    inputs: &[Input],
    mut nonces: Option<Nonces>,
    json: bool,
) -> Result<bool, Fail> {
    preflight(inputs)?;
    let mut ok = true;
    let mut out = io::stdout().lock();
    for input in inputs {
        let nonce = match &mut nonces {
            Some(n) => n.next(job.alg.nonce_bytes)?,
            None => Vec::new(),
        };
        let shown = nonces.as_ref().is_some_and(Nonces::per_input);
        let shown = shown.then_some(&nonce[..]);
        match job.digest(input, &nonce) {
            Ok(tag) => {
                let line = if json {
                    let nonce = (job.alg.kind == Kind::Mac).then_some(&nonce[..]);
                    json::format(job.alg, &tag, nonce, &input.name)
                } else {
                    lines::format(&tag, shown, &input.name)
                };
                emit(&mut out, &line)?;
            }
            Err(e) => {
                e.report();
                ok = false;
            }
        }
    }
    if let Some(n) = nonces {
        n.close()?;
    }
    Ok(ok)
}

fn status(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Whether the inputs `files` read standard input (none named, or `-`).
fn reads_stdin(files: &[std::ffi::OsString]) -> bool {
    files.is_empty() || files.iter().any(|f| f == "-")
}

/// `uhash mac`.
pub fn mac(a: &MacArgs) -> Result<ExitCode, Fail> {
    let stdin_taken = match &a.check {
        Some(list) => list.as_os_str() == "-",
        None => reads_stdin(&a.files),
    };
    let spec = KeySpec {
        alg: a.alg.as_deref(),
        kind: Kind::Mac,
        key: &a.key,
        clamp: a.key_options.clamp,
        stdin_taken,
    };
    let job = Job::new(&spec, &a.run)?;
    if let Some(list) = &a.check {
        let n = &a.nonce;
        if n.nonce_file.is_some() || n.new_nonce_file.is_some() || n.adopt_nonce_file.is_some() {
            return Err(Fail::usage(
                "--check reads each nonce from its line (or --nonce): no nonce file".into(),
            ));
        }
        let nonce = n
            .nonce
            .as_deref()
            .map(|h| nonces::parse_nonce(h, job.alg))
            .transpose()?;
        return check(&job, list, nonce, a.quiet);
    }
    let inputs = input::inputs(&a.files)?;
    let nonces = Nonces::open(&a.nonce, &job.key, inputs.len())?;
    produce(&job, &inputs, Some(nonces), a.json).map(status)
}

/// `uhash hash`.
pub fn hash(a: &HashArgs) -> Result<ExitCode, Fail> {
    let stdin_taken = match &a.check {
        Some(list) => list.as_os_str() == "-",
        None => reads_stdin(&a.files),
    };
    let spec = KeySpec {
        alg: a.alg.as_deref(),
        kind: Kind::Hash,
        key: &a.key,
        clamp: false,
        stdin_taken,
    };
    let job = Job::new(&spec, &a.run)?;
    if let Some(list) = &a.check {
        return check(&job, list, None, a.quiet);
    }
    let inputs = input::inputs(&a.files)?;
    produce(&job, &inputs, None, a.json).map(status)
}

/// `uhash verify`.
pub fn verify(a: &VerifyArgs) -> Result<ExitCode, Fail> {
    let spec = KeySpec {
        alg: a.alg.as_deref(),
        kind: Kind::Mac,
        key: &a.key,
        clamp: a.key_options.clamp,
        stdin_taken: a.check.as_os_str() == "-",
    };
    let job = Job::new(&spec, &a.run)?;
    let nonce = a
        .nonce
        .as_deref()
        .map(|h| nonces::parse_nonce(h, job.alg))
        .transpose()?;
    check(&job, &a.check, nonce, a.quiet)
}

/// Re-computes every line of `list` and compares in constant time. Lines
/// are `TAG NONCE  FILE`, `TAG  FILE` (`HASH  FILE`) or, starting with
/// `{`, the JSON objects of `--json`. The whole list is parsed first; each
/// malformed line is reported on stderr with its number and skipped, the
/// others are checked, and malformed lines make the exit status 1 (as
/// `sha256sum --check --strict`).
fn check(job: &Job, list: &Path, nonce: Option<Vec<u8>>, quiet: bool) -> Result<ExitCode, Fail> {
    let from_stdin = list.as_os_str() == "-";
    let list_name = if from_stdin {
        "standard input".to_owned()
    } else {
        lines::display_name(list.as_os_str())
    };
    let mut text = Vec::new();
    let read = if from_stdin {
        io::stdin().lock().read_to_end(&mut text)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut text))
    };
    read.map_err(|e| Fail::input(format!("{list_name}: {}", plain(&e))))?;

    let mut entries = Vec::new();
    let mut malformed = 0usize;
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match check_entry(job, line, nonce.as_deref(), from_stdin) {
            Ok(e) => entries.push(e),
            Err(why) => {
                malformed += 1;
                Fail::input(format!("{list_name}:{}: malformed line: {why}", i + 1)).report();
            }
        }
    }
    if entries.is_empty() && malformed == 0 {
        return Err(Fail::input(format!("{list_name}: no lines to check")));
    }

    let what = if job.alg.kind == Kind::Mac {
        "tags"
    } else {
        "hashes"
    };
    let mut failed: Vec<String> = Vec::new();
    let mut out = io::stdout().lock();
    for e in &entries {
        let input = Input {
            name: e.name.clone(),
        };
        // `\NAME: OK` for an escaped name, as sha256sum --check.
        let (shown, escaped) = lines::escape_name(&e.name);
        let mark = if escaped { "\\" } else { "" };
        let verdict = match job.digest(&input, e.nonce.as_deref().unwrap_or_default()) {
            Ok(got) if bool::from(got.ct_eq(&e.out)) => None,
            Ok(_) => Some(format!("{mark}{shown}: FAILED\n")),
            Err(err) => Some(format!("{mark}{shown}: FAILED ({})\n", err.message())),
        };
        match verdict {
            None if !quiet => emit(&mut out, format!("{mark}{shown}: OK\n").as_bytes())?,
            None => {}
            Some(line) => {
                emit(&mut out, line.as_bytes())?;
                failed.push(shown);
            }
        }
    }
    if !failed.is_empty() {
        eprintln!(
            "uhash: {} of {} {what} did NOT verify: {}",
            failed.len(),
            entries.len(),
            failed.join(", ")
        );
    }
    if malformed > 0 {
        let lines = if malformed == 1 {
            "line is"
        } else {
            "lines are"
        };
        eprintln!("uhash: {list_name}: {malformed} {lines} improperly formatted");
    }
    Ok(status(failed.is_empty() && malformed == 0))
}

/// One line of a `--check` list as an entry to check: its nonce from the
/// line or `nonce` (`--nonce`), and not `-` when the list is standard
/// input. The error says why the line is malformed.
fn check_entry(
    job: &Job,
    line: &[u8],
    nonce: Option<&[u8]>,
    from_stdin: bool,
) -> Result<lines::Entry, String> {
    let mut e = if line.trim_ascii_start().starts_with(b"{") {
        json::parse(line, job.alg)?
    } else {
        lines::parse(line, job.alg.out_bytes, job.alg.nonce_bytes)?
    };
    if job.alg.kind == Kind::Mac && e.nonce.is_none() {
        let Some(n) = nonce else {
            return Err("no nonce on the line (lines without one need --nonce HEX)".into());
        };
        e.nonce = Some(n.to_vec());
    }
    if from_stdin && e.name == "-" {
        return Err("names standard input, which holds the list".into());
    }
    Ok(e)
}

/// `uhash keygen`.
pub fn keygen(a: &KeygenArgs) -> Result<ExitCode, Fail> {
    let alg = alg::find(&a.alg).ok_or_else(|| {
        let names: Vec<&str> = alg::listed().map(|a| a.name).collect();
        Fail::usage(format!(
            "unknown algorithm '{}'; known: {}",
            a.alg,
            names.join(", ")
        ))
    })?;
    let key = keys::fresh_key(alg)?;
    let text = keys::key_file_text(alg, &key);
    match &a.out {
        Some(path) => keys::write_key_file(path, text.as_bytes())?,
        None => {
            if keys::stdout_is_exposed_file() {
                eprintln!(
                    "uhash: warning: the key goes to a file that group or others can read: use \
                     'uhash keygen --out F' (mode 0600), or 'chmod 600' the file (uhash refuses \
                     key files others can read)"
                );
            }
            emit(&mut io::stdout().lock(), text.as_bytes())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `uhash algs`.
pub fn algs() -> Result<ExitCode, Fail> {
    let mut t = String::from("name             kind  key nonce  out  threads  construction\n");
    for a in alg::listed() {
        let kind = if a.kind == Kind::Mac { "mac" } else { "hash" };
        let nonce = if a.nonce_bytes == 0 {
            "-".to_owned()
        } else {
            a.nonce_bytes.to_string()
        };
        t += &format!(
            "{:<16} {kind:<5} {:>3} {nonce:>5} {:>4}  {:<7}  {}\n",
            a.name,
            a.key_bytes,
            a.out_bytes,
            if a.parallel { "all" } else { "one" },
            a.about
        );
    }
    t += "\nSizes in bytes. mac, verify and hash use the key file's algorithm; keygen makes \
          poly1305-aes keys unless --alg says otherwise. Byte layouts: docs/kat.md.\n";
    emit(&mut io::stdout().lock(), t.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
