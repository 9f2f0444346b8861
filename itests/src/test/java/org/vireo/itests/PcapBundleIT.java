package org.vireo.itests;

import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFileExtend;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.Pcaps;

/** libpcap, through the re-bundled pcap4j and JNA, works inside the distribution. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class PcapBundleIT extends VireoTestSupport {

    @Configuration
    public Option[] config() {
        List<Option> options = new ArrayList<>(Arrays.asList(vireoDistribution("scanner")));
        options.add(editConfigurationFileExtend("etc/org.apache.karaf.features.cfg", "featuresBoot", "vireo-pcap"));
        return options.toArray(new Option[0]);
    }

    @Test
    public void libpcapListsTheInterfacesInsideOsgi() throws Exception {
        assertNoFailedBundles();
        List<String> names = Pcaps.findAllDevs().stream().map(PcapNetworkInterface::getName)
            .collect(Collectors.toList());
        assertTrue("libpcap sees no loopback: " + names, names.contains("lo"));
        assertTrue(Pcaps.libVersion(), Pcaps.libVersion().contains("libpcap"));
    }
}
