// The CUDA twin of atomic_add.c: one atomicAdd per thread to one counter, result unused.
__global__ void add_all(unsigned *A, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(A, 1u);
}
