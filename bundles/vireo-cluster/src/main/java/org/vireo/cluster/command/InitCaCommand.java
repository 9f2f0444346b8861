package org.vireo.cluster.command;

import java.io.PrintStream;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.cluster.internal.tls.ClusterCa;

@Service
@Command(scope = "cluster", name = "init-ca", description = "Creates this cluster's own certificate authority"
    + " (run once, on one node).",
    detailedDescription = "Makes an EC P-256 key and a self-signed CA certificate (CN=<name> cluster CA, O=Vireo) and"
        + " writes ca.p12 (key and certificate, encrypted with the random password in ca.password; both owner-only)"
        + " and ca.crt (PEM) to ${karaf.etc}/vireo/cluster/ca/. Every certificate this CA signs can join the cluster:"
        + " keep the folder on this node only. Refuses to replace an existing CA unless --force."
        + " Example: cluster:init-ca --name lab")
public class InitCaCommand implements Action {

    @Option(name = "--name", description = "The cluster's name, as in the cluster's clusterName setting: 1-63 letters,"
        + " digits, '.', '_' or '-'. Default vireo.")
    String name = "vireo";

    @Option(name = "--validity-days", description = "How long the CA is valid, in days. Default 3650 (ten years);"
        + " node certificates never outlive it.")
    int validityDays = 3650;

    @Option(name = "--force", description = "Replace an existing CA. Every node certificate it signed stops being"
        + " trusted: issue and copy new ones for all nodes.")
    boolean force;

    @Option(name = "--dir", description = "The CA folder. Default ${karaf.etc}/vireo/cluster/ca.")
    String dir;

    ClusterCa ca = new ClusterCa();

    @Override
    public Object execute() {
        ClusterCa.CaFiles files = ca.initCa(CaFolder.resolve(dir), name, CaFolder.validity(validityDays), force);
        PrintStream out = System.out;
        out.println("Cluster CA created for cluster '" + name + "'");
        out.println("  key and certificate: " + files.keystore() + " (password in " + files.passwordFile()
            + "; both owner-only)");
        out.println("  certificate (PEM):   " + files.certificateFile());
        out.println("  subject:             " + files.subject());
        out.println("  valid until:         " + files.notAfter());
        out.println("  SHA-256 fingerprint: " + files.fingerprint());
        out.println("Next: issue a certificate for every node with cluster:issue-cert --ip <its address> <node>, copy"
            + " it to that node, and keep " + files.keystore().getParent() + " on this node only.");
        return null;
    }
}
