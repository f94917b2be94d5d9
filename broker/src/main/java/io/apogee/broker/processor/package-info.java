/**
 * The request framework the families build on: the {@link io.apogee.broker.processor.Processor} contract, a switch
 * sharing one family thread between processors, the answers, and the pooled request headers. The processors
 * themselves live in their family's package ({@code send}, {@code pull}, {@code offset}, {@code client},
 * {@code topic}, {@code namesrv}, {@code retry}, {@code order}, {@code transaction}, {@code admin}).
 */
package io.apogee.broker.processor;
