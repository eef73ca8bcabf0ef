package cuda

import (
	"errors"
	"fmt"

	"github.com/peerbook/peerbook/gpu/internal/backend"
)

var _ backend.NativeStreamer = (*Backend)(nil)

// OnStream runs fn with dev's primary context current on a locked OS thread, after the
// launches queued before it were submitted, and hands it the device's driver ordinal and the
// backend's own stream of dev; then it waits for that stream. It is how NCCL works on the
// backend's devices: the CUDA runtime inside NCCL takes the context current on the calling
// thread (its device is the communicator's) and NCCL enqueues its kernels on the stream.
// A device that runs in a context of our own (after a fault the primary one could not come
// back from) is refused: the runtime would work in the primary context, not ours.
func (b *Backend) OnStream(dev int, fn func(ordinal int, stream uintptr) error) error {
	d, err := b.device(dev)
	if err != nil {
		return err
	}
	if d.ownCtx.Load() {
		return fmt.Errorf("%s runs in a context of peerbook's own since a fault; a library working in the primary context can't share its memory and streams", b.deviceName(dev))
	}
	gen, err := b.enter(d)
	if err != nil {
		return err
	}
	defer leave()
	st := d.stream.Load()
	if st == 0 {
		return errors.New("the device's stream is gone (the backend was closed)")
	}
	if err := fn(d.ordinal, st); err != nil {
		return err
	}
	return b.waitStream(d, gen, st)
}
