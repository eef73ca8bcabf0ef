package gokernel_test

// Package gpu gives the checker its kernel API when it is initialized (gokernel.SetGPUAPI
// with gpu/kernelapi.go), in these tests as in peerbook: the test binary links it.
import _ "github.com/peerbook/peerbook/gpu"
