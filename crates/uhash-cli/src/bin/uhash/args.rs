//! The command line (`clap` derive): every subcommand and option, and the
//! help texts with examples.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use uhash_cli::kat::Impl;

const EXAMPLES: &str = "\
Examples:
  uhash keygen --out mac.key                   # a fresh Poly1305-AES key, mode 0600
  uhash mac --key-file mac.key big.iso notes.txt > tags   # a random nonce per file
  uhash verify --key-file mac.key --check tags
  uhash keygen --alg nhx4-mac --out nh.key
  tar c dir | uhash mac --key-file nh.key      # the key file names its algorithm
  uhash keygen --alg umac64 --out u.key
  uhash mac --key-file u.key --new-nonce-file u.nonces a.bin   # 8-byte nonces: a nonce file
  uhash mac --key-file u.key --nonce-file u.nonces b.bin       # later runs
  uhash keygen --alg mmh32x4 --out seed.key && uhash hash --key-file seed.key big.iso
  uhash kat --impl reference < tests/vectors/poly1305_rfc8439.jsonl

Keys and nonces use the byte layouts of docs/kat.md; 'uhash algs' lists every
algorithm with its key, nonce and output sizes.";

/// Fast, provably secure universal hash functions and MACs.
#[derive(Parser, Debug)]
#[command(
    name = "uhash",
    version,
    arg_required_else_help = true,
    after_help = EXAMPLES,
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub cmd: Cmd,
}

#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Authenticate files: one `TAG  FILE` line each (like sha256sum/b3sum)
    #[command(after_help = MAC_AFTER, after_long_help = MAC_AFTER)]
    Mac(MacArgs),
    /// Check the tags of a list written by `uhash mac` (constant-time comparison)
    Verify(VerifyArgs),
    /// The keyed universal hash of files. NOT a checksum: see --help
    #[command(long_about = HASH_ABOUT)]
    Hash(HashArgs),
    /// Make a fresh random key for an algorithm: a key file naming it (--out F, mode 0600)
    Keygen(KeygenArgs),
    /// List the algorithms of `mac` and `hash`: name, key, nonce and output bytes
    Algs,
    /// Answer known-answer calls: JSON Lines on stdin, one answer per line on stdout
    #[command(long_about = KAT_ABOUT, after_help = kat_names(), after_long_help = kat_names())]
    Kat(KatArgs),
    /// Measure collision probabilities at reduced widths beside the proven bounds
    #[command(after_help = epsilon_families(), after_long_help = epsilon_families())]
    Epsilon(EpsilonArgs),
}

const MAC_AFTER: &str = "\
The algorithm is the key file's ('uhash keygen --alg NAME --out F' names it in
the file; a key file made for another algorithm is refused: one key for two
algorithms can give forgeries or the key away). A raw key (bytes or bare hex,
--key-hex) needs --alg, and using it for that algorithm only is up to you.

poly1305-aes (the default of 'uhash keygen') is one fixed definition with the
same output on every CPU and backend, a 32-byte key k ‖ r and a 16-byte nonce;
its hash is 8⌈L/16⌉/2^106-almost-Δ-universal for messages of at most L bytes
(paper, Theorem 3.3), so after up to 2^64 tags D forgery attempts succeed with
probability at most 14·D·⌈L/16⌉/2^106 plus AES's distinguishing advantage
(paper, §3): 2^-76.2 per attempt at L = 1 GiB. The long-hash MACs
(mmh32x4-mac, nhx4-mac, …) are faster on long inputs; their bounds are in
their crates' docs ('uhash algs' lists them all).

Nonces: a nonce must never repeat under a key. With no nonce option each input
gets a fresh random nonce from the operating system (MACs with nonces of 12
bytes or more) and each line reads `TAG NONCE  FILE`: two random 96-bit nonces
collide with probability below 2^-32 after 2^32 tags under one key, 128-bit
ones (poly1305-aes) 2^-65. UMAC's 8-byte nonces are too short to draw at
random: use --nonce-file. A nonce file is a crash-safe counter on disk bound
to one key and one algorithm (another key is refused, nothing written),
starting at a random point; restoring it from a backup, or giving one --nonce
in two runs, reuses nonces and cannot be detected.

Lines are written one at a time, each whole, as each input is done. Every
input is checked (exists, is not a directory, can be opened) before the first
line is written. Exit status: 0 all done, 1 any error (message on stderr, no
line for that input), 2 bad usage.";

const HASH_ABOUT: &str = "\
The keyed universal hash of files (one `HASH  FILE` line each).

WARNING: a keyed universal hash is not a checksum and not a cryptographic hash.
Its guarantee (a collision bound over a random key) holds only while the key
is secret: anyone who knows the key can find collisions, and hash values under
one key can reveal it. For integrity against an adversary use `uhash mac`.";

const KAT_ABOUT: &str = "\
Answer known-answer calls, one JSON record per line.

Reads JSON Lines on stdin, one call per line:
  {\"fn\": NAME, \"key\": HEX, \"msg\": HEX, \"nonce\": HEX, \"params\": {..}}
(\"nonce\" and \"params\" optional; other fields are ignored) and writes, in order,
one line per non-blank input line: {\"out\":HEX} or {\"error\":TEXT}. Blank lines
are skipped. Bad lines get an error answer and the run goes on; the exit status
is 0 at the end of input (1 on an I/O error, 2 on bad options).";

fn kat_names() -> String {
    let names: Vec<String> = uhash_cli::kat::functions()
        .map(|e| {
            if e.aliases.is_empty() {
                e.name.to_owned()
            } else {
                format!("{} (alias {})", e.name, e.aliases.join(", "))
            }
        })
        .collect();
    format!(
        "Names: {}\n\nByte layouts, parameters and error rules: docs/kat.md",
        names.join(", ")
    )
}

fn epsilon_families() -> String {
    let families: Vec<String> = uhash_cli::epsilon::families()
        .iter()
        .map(|(name, what)| format!("  {name:<10} {what}"))
        .collect();
    format!(
        "Families:\n{}\n\nMethod and results: docs/epsilon.md",
        families.join("\n")
    )
}

/// Where the key comes from (exactly one).
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub struct KeyArgs {
    /// Key file from `uhash keygen --out` (names its algorithm), or a raw key: exactly the key's
    /// bytes or its hex digits (needs --alg). Mode 0600 or stricter. `-`: standard input
    #[arg(long, value_name = "F")]
    pub key_file: Option<PathBuf>,
    /// A raw key in hex (needs --alg; visible to other users in the process list: prefer
    /// --key-file)
    #[arg(long, value_name = "HEX")]
    pub key_hex: Option<String>,
}

/// Options about the key that are not its source.
#[derive(Args, Debug)]
pub struct KeyOptions {
    /// poly1305-aes: clear the 22 bits of r that the paper requires to be 0 (what pycryptodome
    /// does silently) instead of refusing such a key
    #[arg(long)]
    pub clamp: bool,
}

/// Options shared by the commands that read inputs.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Threads per input (default: all cores; at most 4 per core, and 1024)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// How regular files are read (for measurements)
    #[arg(long, value_enum, default_value_t = IoMode::Auto, hide = true)]
    pub io: IoMode,
}

impl RunArgs {
    /// The threads per input: `--threads N` when N is at most
    /// [`max_threads`], every core without it; an error naming the cap
    /// otherwise (each thread has its stack and, reading blocks, its
    /// buffers: thousands are slow to start and can run out of memory).
    pub fn thread_count(&self) -> Result<usize, String> {
        let (cap, cores) = max_threads();
        match self.threads.map(usize::from) {
            None => Ok(cores),
            Some(n) if n <= cap => Ok(n),
            Some(n) => Err(format!(
                "--threads {n} is over this machine's limit of {cap} \
                 (4 × {cores} available cores, at most {THREADS_CAP})"
            )),
        }
    }
}

/// The most threads per input on any machine.
pub const THREADS_CAP: usize = 1024;

/// The most threads per input on this machine, min(4 × cores,
/// [`THREADS_CAP`]), and the cores (1 when unknown).
pub fn max_threads() -> (usize, usize) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    (cores.saturating_mul(4).min(THREADS_CAP), cores)
}

/// How a regular file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum IoMode {
    /// Measured on the file while it is hashed, and kept per file system
    /// and thread count (`probe`): `map` or `pread` for an algorithm with
    /// a parallel path, `blocks` for one without (Unix); `map` elsewhere.
    Auto,
    /// Map it (`memmap2`) and hash the mapping on every thread, in windows
    /// each mapped in one call and unmapped once hashed (algorithms with a
    /// parallel path; the others hash the whole mapping on one thread).
    Map,
    /// Map it with every page populated by the kernel up front, and hash
    /// the whole mapping (no windows).
    Populate,
    /// Read it with `pread` on every thread in cache-sized pieces, each
    /// thread hashing what it read (Unix; algorithms with a parallel path,
    /// otherwise as `blocks`).
    Pread,
    /// Read it in blocks into one buffer and hash as a stream (one thread).
    Stream,
    /// Read it in cache-sized blocks on every thread, hashed in order as a
    /// stream by one more (Unix, two threads or more; otherwise as
    /// `stream`).
    Blocks,
}

#[derive(Args, Debug)]
pub struct MacArgs {
    /// The MAC (`uhash algs` lists them); default: the key file's
    #[arg(long, value_name = "NAME")]
    pub alg: Option<String>,
    #[command(flatten)]
    pub key: KeyArgs,
    #[command(flatten)]
    pub key_options: KeyOptions,
    #[command(flatten)]
    pub nonce: NonceArgs,
    /// Check the lines of LIST (as `uhash verify --check LIST`) instead of writing tags
    #[arg(long, value_name = "LIST", conflicts_with_all = ["json", "files"])]
    pub check: Option<PathBuf>,
    /// With --check: print only the failures
    #[arg(long, requires = "check")]
    pub quiet: bool,
    /// One JSON object per line and input: {"alg","file","nonce","tag"}, and "file_hex" (the
    /// name's bytes in hex) for a name that is not UTF-8; --check reads these lines back
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub run: RunArgs,
    /// Inputs (stdin when none, or `-`)
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

/// Where nonces come from (default: a random nonce per input).
#[derive(Args, Debug)]
#[group(multiple = false)]
pub struct NonceArgs {
    /// The nonce in hex (one input only: a nonce must never repeat under a key, and reusing it
    /// in another run cannot be detected)
    #[arg(long, value_name = "HEX")]
    pub nonce: Option<String>,
    /// An existing nonce file (crash-safe counter on disk, bound to this key and algorithm); one
    /// nonce per input
    #[arg(long, value_name = "F")]
    pub nonce_file: Option<PathBuf>,
    /// Create the nonce file F for this key (it must not exist; it starts at a random nonce),
    /// then use it as --nonce-file
    #[arg(long, value_name = "F")]
    pub new_nonce_file: Option<PathBuf>,
    /// Bind a nonce file of uhash 0.1's format (no key check) to this key once, then use it as
    /// --nonce-file. Only for a file that was only ever used with this key
    #[arg(long, value_name = "F")]
    pub adopt_nonce_file: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The MAC the list was written with; default: the key file's
    #[arg(long, value_name = "NAME")]
    pub alg: Option<String>,
    #[command(flatten)]
    pub key: KeyArgs,
    #[command(flatten)]
    pub key_options: KeyOptions,
    /// The list: lines `TAG NONCE  FILE`, `TAG  FILE` with --nonce, or the JSON lines of `uhash
    /// mac --json` (`-`: stdin). Malformed lines are reported and skipped; they make the exit
    /// status 1
    #[arg(long, value_name = "LIST")]
    pub check: PathBuf,
    /// The nonce of the lines that carry none, in hex
    #[arg(long, value_name = "HEX")]
    pub nonce: Option<String>,
    /// Print only the failures
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Args, Debug)]
pub struct HashArgs {
    /// The keyed hash (`uhash algs` lists them); default: the key file's
    #[arg(long, value_name = "NAME")]
    pub alg: Option<String>,
    #[command(flatten)]
    pub key: KeyArgs,
    /// Check the lines `HASH  FILE` (or the JSON lines of --json) of LIST instead of writing
    /// hashes
    #[arg(long, value_name = "LIST", conflicts_with_all = ["json", "files"])]
    pub check: Option<PathBuf>,
    /// With --check: print only the failures
    #[arg(long, requires = "check")]
    pub quiet: bool,
    /// One JSON object per line and input: {"alg","file","hash"}, and "file_hex" (the name's
    /// bytes in hex) for a name that is not UTF-8; --check reads these lines back
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub run: RunArgs,
    /// Inputs (stdin when none, or `-`)
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

#[derive(Args, Debug)]
pub struct KeygenArgs {
    /// The algorithm the key is for (written into the key file)
    #[arg(long, value_name = "NAME", default_value = uhash_cli::alg::DEFAULT_MAC)]
    pub alg: String,
    /// Create the key file F (it must not exist) with mode 0600, instead of printing the key
    #[arg(long, value_name = "F")]
    pub out: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct KatArgs {
    /// Who answers: 'production' (the family crates) or 'reference' (the
    /// big-integer reference crate uhash-ref)
    #[arg(long = "impl", value_name = "IMPL", default_value = "production", value_parser = parse_impl)]
    pub imp: Impl,
    /// Production answers on this backend (default: the fastest this CPU has,
    /// per family): soft, soft32, float, mulx, avx2, avx512, ifma, neon, an
    /// assembly kernel (avx2-asm, …, or asm for the family's best), a DFC
    /// module strategy. A line whose family cannot run it here answers
    /// {"error":"backend NAME is not supported on this CPU or build"}
    #[arg(long, value_name = "NAME", value_parser = uhash_cli::kat::parse_backend)]
    pub backend: Option<uhash_cli::kat::Backend>,
    /// Exit 1 when any line was answered with an error (default: exit 0 at
    /// the end of input)
    #[arg(long)]
    pub strict: bool,
}

fn parse_impl(s: &str) -> Result<Impl, String> {
    s.parse()
        .map_err(|e: uhash_cli::kat::UnknownImpl| e.to_string())
}

#[derive(Args, Debug)]
pub struct EpsilonArgs {
    /// A family below, or 'all'
    #[arg(value_name = "FAMILY")]
    pub family: String,
    /// One word width (default: the family's sweep of widths)
    #[arg(long, value_name = "B")]
    pub bits: Option<u32>,
    /// Every pair of distinct messages (widths where that is too much work
    /// are skipped); default: every pair where the work is at most 2^32
    /// pair-keys, the search otherwise
    #[arg(long, conflicts_with = "samples")]
    pub exhaustive: bool,
    /// The search: structured candidates, N random pairs and N/2
    /// hill-climbing steps, all keys for each pair (N at most 2^40)
    #[arg(long, value_name = "N")]
    pub samples: Option<u64>,
    /// The search's seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Also write DIR/epsilon.csv, DIR/epsilon.svg, DIR/epsilon.png
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}
