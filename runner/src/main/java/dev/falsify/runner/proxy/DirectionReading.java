package dev.falsify.runner.proxy;

/**
 * What one fault window did to one direction of traffic, summed over the connections it saw.
 *
 * @param bytesForwarded bytes that passed (possibly late) while the window was active
 * @param bytesDropped   bytes discarded (partition, one-way drop, hang)
 * @param bytesDelayed   bytes delivered later than they arrived (latency, bandwidth, slicer)
 * @param delayAddedMs   total delay added, summed per delayed chunk
 * @param bytesCut       bytes never delivered because the connection was closed (limit-data)
 * @param slices         extra write pieces the slicer produced
 * @param bytesSliced    bytes the slicer split into pieces
 */
public record DirectionReading(long bytesForwarded, long bytesDropped, long bytesDelayed, long delayAddedMs,
                               long bytesCut, long slices, long bytesSliced) {
}
