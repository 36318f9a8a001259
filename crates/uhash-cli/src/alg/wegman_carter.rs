//! A Wegman–Carter MAC of `uhash-base` on one thread, as a row of the
//! table (`dfc-mac`).

use uhash::base::Error;
use uhash::base::mac::{MacHash, MacNonce, WegmanCarter};

use super::row::{Keyed, Stream};

/// A Wegman–Carter MAC on one thread.
pub(crate) struct WcAlg<H: MacHash>(pub(crate) WegmanCarter<H>);

impl<H: MacHash + Send + Sync> Keyed for WcAlg<H>
where
    H::State: Send,
{
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = MacNonce::from_slice(nonce)?;
        Ok(self.0.authenticate(&nonce, msg).as_ref().to_vec())
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(WcStream(self.0.start()))
    }
}

struct WcStream<'a, H: MacHash>(uhash::base::mac::MacState<'a, H>);

impl<H: MacHash> Stream for WcStream<'_, H> {
    fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.0.update(data);
        Ok(())
    }

    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = MacNonce::from_slice(nonce)?;
        Ok(self.0.finalize(&nonce).as_ref().to_vec())
    }
}
