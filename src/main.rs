//! The browser lab's entry point: mounts the app. Trunk builds this for wasm32.

#[cfg(target_arch = "wasm32")]
fn main() {
    claimlab::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The lab runs in the browser: build it with `trunk build` (see README.md). For the command line, use `claimlab`.");
    std::process::exit(2);
}
